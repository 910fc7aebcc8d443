import { ArrowLeftOutlined } from '@ant-design/icons';
import { type RevokeJobItem, RevokeState } from '@smartlock/contract';
import { Alert, Flex, Progress, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorCodeText } from '../../api/failureMessage';
import { LinkButton } from '../../ui/LinkButton';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { useRevokeJob } from './lockUserApi';
import { LOCK_USER_HOME } from './lockUserPaths';

const STATE_COLOR: Record<RevokeState, string> = {
  queued: 'default',
  running: 'processing',
  pending: 'warning',
  done: 'success',
  failed: 'error',
};

/** A job's or a lock's state as a tag. */
export function RevokeStateTag({ state }: { state: RevokeState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-testid="revoke-state" data-state={state}>
      {t(`revoke.state.${state}`)}
    </Tag>
  );
}

/**
 * A revoke-all job (docs/governance.md "Person view and revoke all"): its progress over the
 * person's locks, asked again every second until it ends, and each lock's result — done, waiting
 * for the lock to confirm, or failed with the reason.
 */
export default function RevokeJobPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const jobId = Number(params.get('jobId'));
  const job = useRevokeJob(jobId);

  const columns: ColumnsType<RevokeJobItem> = [
    { key: 'lock', title: t('revoke.column.lock'), render: (_value, item) => item.lockAlias },
    { key: 'state', title: t('revoke.column.state'), render: (_value, item) => <RevokeStateTag state={item.state} /> },
    {
      key: 'result',
      title: t('revoke.column.result'),
      render: (_value, item) => (
        <Flex vertical>
          {item.removed > 0 ? <span>{t('revoke.removed', { count: item.removed })}</span> : null}
          {item.atLock > 0 ? <span>{t('revoke.atLock', { count: item.atLock })}</span> : null}
          {item.kept > 0 ? <span>{t('revoke.kept', { count: item.kept })}</span> : null}
          {item.errorCode !== 0 ? (
            <Typography.Text type="danger" data-testid="revoke-reason">
              {errorCodeText(t, item.errorCode)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <LinkButton to={LOCK_USER_HOME} icon={<ArrowLeftOutlined />} style={{ alignSelf: 'flex-start' }}>
        {t('route.lockUsers')}
      </LinkButton>
      {job.data ? (
        (() => {
          const found = job.data;
          const total = found.items.length;
          const ended = found.counts.done + found.counts.failed;
          return (
            <Flex vertical gap={12} data-testid="revoke-job" data-state={found.state}>
              <Flex align="center" gap={12} wrap>
                <Typography.Title level={2} style={{ margin: 0 }}>
                  {t('revoke.jobTitle', { name: found.name })}
                </Typography.Title>
                <RevokeStateTag state={found.state} />
              </Flex>
              <Progress
                percent={total === 0 ? 100 : Math.round((ended / total) * 100)}
                status={found.state === RevokeState.failed ? 'exception' : undefined}
                aria-label={t('revoke.progress', { ended, count: total })}
              />
              <Typography.Text type="secondary" data-testid="revoke-summary">
                {t('revoke.progress', { ended, count: total })}
              </Typography.Text>
              {found.counts.pending > 0 ? (
                <Alert type="info" showIcon title={t('revoke.pendingHint', { count: found.counts.pending })} />
              ) : null}
              <Table<RevokeJobItem>
                size="small"
                rowKey="lockId"
                dataSource={found.items}
                columns={columns}
                pagination={false}
                scroll={{ x: 'max-content' }}
                onRow={(item) =>
                  ({ 'data-testid': 'revoke-item', 'data-lock-id': item.lockId, 'data-state': item.state }) as object
                }
              />
            </Flex>
          );
        })()
      ) : (
        <LoadingOrFailure error={job.error} retry={() => void job.refetch()} />
      )}
    </Flex>
  );
}
