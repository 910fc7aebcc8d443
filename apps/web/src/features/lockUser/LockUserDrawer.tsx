import { DeleteOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Drawer, Empty, Flex, Grid, Pagination, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { pagination } from '../../app/pagination';
import { usePaging } from '../../app/usePaging';
import { LoadError } from '../../ui/LoadError';
import { LockUserStatusTag } from './LockUserStatusTag';
import { type LockUserItem, type LockUserLock, useLockUserLocks } from './lockUserApi';
import { KindCounts, PersonCell } from './lockUserColumns';
import { kindNameKey, lockUserValidityText } from './lockUserKinds';

type Credential = LockUserLock['credentials'][number];

/**
 * One person's detail: per lock (a page of locks at a time), each credential they hold there with
 * its kind, number or account, name, validity in the lock's time and status.
 */
export function LockUserDrawer({
  item,
  onClose,
  onSendEKeys,
  onRemove,
  onRevokeAll,
}: {
  item: LockUserItem;
  onClose: () => void;
  onSendEKeys: () => void;
  onRemove: () => void;
  /** Revoke everything as a job, followed lock by lock. */
  onRevokeAll: () => void;
}) {
  const { t, i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = usePaging({ lockUser: item.lockUser }, 10);
  const locks = useLockUserLocks({ lockUser: item.lockUser, ...page });
  const phone = !screens.md;

  /** A lock's credentials: kind, number or account (and name), validity in the lock's time, status; stacked on a phone. */
  const columns = (offsetMs: number): ColumnsType<Credential> => {
    const what = (row: Credential) => (
      <Flex vertical>
        <Typography.Text>{row.label}</Typography.Text>
        {row.name && row.name !== row.label ? <Typography.Text type="secondary">{row.name}</Typography.Text> : null}
      </Flex>
    );
    const validity = (row: Credential) => (
      <span data-testid="lock-user-validity">
        {lockUserValidityText(t, row, { language: i18n.language, offsetMs })}
      </span>
    );
    const status = (row: Credential) => <LockUserStatusTag kind={row.kind} status={row.status} />;
    if (phone) {
      return [
        {
          key: 'credential',
          title: t('lockUser.column.credential'),
          render: (_value, row) => (
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">{t(kindNameKey(row.kind))}</Typography.Text>
              {what(row)}
              {validity(row)}
              <span>{status(row)}</span>
            </Flex>
          ),
        },
      ];
    }
    return [
      { key: 'kind', title: t('lockUser.column.kind'), render: (_value, row) => t(kindNameKey(row.kind)) },
      { key: 'label', title: t('lockUser.column.credential'), render: (_value, row) => what(row) },
      { key: 'validity', title: t('credential.column.validity'), render: (_value, row) => validity(row) },
      { key: 'status', title: t('credential.column.status'), render: (_value, row) => status(row) },
    ];
  };

  return (
    <Drawer
      open
      onClose={onClose}
      title={t('lockUser.detailTitle', { name: item.name })}
      size={screens.md ? 820 : '100%'}
      data-testid="lock-user-detail"
    >
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="flex-start" wrap gap={12}>
          <Flex vertical gap={8}>
            <PersonCell item={item} />
            <Typography.Text type="secondary" data-testid="lock-user-detail-summary">
              {t('lockUser.detailSummary', { locks: item.lockCount, count: item.credentialCount })}
            </Typography.Text>
            <KindCounts kinds={item.kinds} />
          </Flex>
          <Flex gap={8} wrap>
            {item.account ? (
              <Button icon={<SendOutlined />} onClick={onSendEKeys} data-testid="lock-user-detail-send-ekeys">
                {t('lockUser.sendEKeys')}
              </Button>
            ) : null}
            <Button danger icon={<StopOutlined />} onClick={onRevokeAll} data-testid="lock-user-detail-revoke-all">
              {t('revoke.start')}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={onRemove} data-testid="lock-user-detail-remove">
              {t('lockUser.remove')}
            </Button>
          </Flex>
        </Flex>
        {locks.isError ? <LoadError error={locks.error} retry={() => void locks.refetch()} /> : null}
        <Spin spinning={locks.isPending || (locks.isPlaceholderData && locks.isFetching)}>
          <Flex vertical gap={12} style={{ minHeight: 80 }}>
            {locks.data?.list.map((held) => (
              <Card
                key={held.lockId}
                size="small"
                title={held.lockAlias}
                data-testid="lock-user-lock"
                data-lock-id={held.lockId}
                styles={{ body: { padding: 0 } }}
              >
                <Table<Credential>
                  size="small"
                  rowKey={(row) => `${row.kind}-${row.credentialId}`}
                  dataSource={held.credentials}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  onRow={(row) => ({ 'data-testid': 'lock-user-credential', 'data-kind': row.kind }) as object}
                  columns={columns(held.timezoneRawOffset)}
                />
              </Card>
            ))}
            {locks.data && locks.data.total === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lockUser.detailEmpty')} />
            ) : null}
          </Flex>
        </Spin>
        {locks.data && locks.data.total > locks.data.pageSize ? (
          <Pagination
            {...pagination(t, locks.data)}
            align="end"
            size="small"
            onChange={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
          />
        ) : null}
      </Flex>
    </Drawer>
  );
}
