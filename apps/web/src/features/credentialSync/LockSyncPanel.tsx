import { SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { formatDateTime } from '../../i18n/format';
import { CredentialOperationStatus } from '../credentials/CredentialOperationStatus';
import { useFollowOperation } from '../credentials/useFollowOperation';
import { type ReconcileReport, useReconcile, useSyncSummary } from './credentialSyncApi';
import { syncKindKey, syncReasonKey, syncStateColor, syncStateKey } from './syncState';

const COUNTED = ['pending', 'onLock', 'failed', 'removalPending'] as const;

/** The credentials a check names (kind and number), on a line that wraps, so a long list stays short. */
function ReportList({ title, items, testId }: { title: string; items: ReconcileReport['missing']; testId: string }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Flex wrap gap={6} align="baseline" data-testid={testId}>
      <Typography.Text strong>{title}:</Typography.Text>
      {items.map((item) => (
        <span key={`${item.kind}-${item.value}`} data-testid={`${testId}-item`}>
          {t(syncKindKey(item.kind), { kind: item.kind })} <Typography.Text code>{item.value}</Typography.Text>
        </span>
      ))}
    </Flex>
  );
}

/** The last check of the lock: when, and what it found (missing ones sent again, unknown ones left on the lock). */
function LastReport({ report }: { report: ReconcileReport | null }) {
  const { t, i18n } = useTranslation();
  if (!report) {
    return (
      <Typography.Text type="secondary" data-testid="sync-report-none">
        {t('credentialSync.neverChecked')}
      </Typography.Text>
    );
  }
  const time = formatDateTime(report.checkedAt, i18n.language);
  if (report.error) {
    return (
      <Typography.Text type="danger" data-testid="sync-report" data-outcome="failed">
        {t('credentialSync.lastCheckFailed', { time, reason: t(syncReasonKey(report.error), { code: report.error }) })}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={8} data-testid="sync-report" data-outcome="read">
      <Typography.Text>{t('credentialSync.lastCheck', { time })}</Typography.Text>
      {report.missingCount === 0 && report.unknownCount === 0 ? (
        <Typography.Text type="success" data-testid="sync-report-match">
          {t('credentialSync.allMatch')}
        </Typography.Text>
      ) : (
        <Typography.Text data-testid="sync-report-tally">
          {t('credentialSync.tally', { missing: report.missingCount, unknown: report.unknownCount })}
        </Typography.Text>
      )}
      <ReportList title={t('credentialSync.missingList')} items={report.missing} testId="sync-report-missing" />
      <ReportList title={t('credentialSync.unknownList')} items={report.unknown} testId="sync-report-unknown" />
    </Flex>
  );
}

/**
 * A lock's credentials on the lock (docs/stays.md): how many are pending, on the lock, failed
 * and being removed, and "Check the lock", which reads what the lock stores, sends again what
 * it lacks and reports what it holds unknown here; the last check's report below.
 */
export function LockSyncPanel({ lockId, onChecked }: { lockId: number; onChecked?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const summary = useSyncSummary(lockId);
  const { mutateAsync: reconcile, isPending } = useReconcile();
  const { followed, follow, clear, busy } = useFollowOperation(() => {
    void summary.refetch();
    onChecked?.();
  });

  const check = useCallback(async () => {
    try {
      follow((await reconcile({ lockId })).operation);
    } catch (error) {
      message.error(errorText(t, error));
    }
  }, [follow, lockId, message, reconcile, t]);

  const data = summary.data;
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('credentialSync.title')}</h2>}
      extra={
        <Button
          icon={<SyncOutlined />}
          onClick={() => void check()}
          loading={isPending || busy}
          data-testid="sync-reconcile"
        >
          {t('credentialSync.check')}
        </Button>
      }
      style={{ marginBottom: 16 }}
      data-testid="sync-summary"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('credentialSync.hint')}</Typography.Text>
        {data ? (
          <Space wrap size={[8, 8]} data-testid="sync-counts">
            {COUNTED.map((state) => (
              <Tag
                key={state}
                color={syncStateColor(state)}
                data-testid={`sync-count-${state}`}
                data-count={data.counts[state]}
              >
                {t('credentialSync.count', { state: t(syncStateKey(state)), n: data.counts[state] })}
              </Tag>
            ))}
            {data.retrying > 0 ? (
              <Typography.Text type="secondary" data-testid="sync-retrying">
                {t('credentialSync.retrying', { n: data.retrying })}
              </Typography.Text>
            ) : null}
          </Space>
        ) : null}
        <CredentialOperationStatus
          followed={followed}
          title={t('credentialSync.check')}
          success={t('credentialSync.checked')}
          onClose={clear}
          testId="sync-operation"
        />
        {data ? <LastReport report={data.lastReport} /> : null}
      </Flex>
    </Card>
  );
}
