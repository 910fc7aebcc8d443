import { Flex, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagination } from '../../../app/pagination';
import { usePaging } from '../../../app/usePaging';
import { type TransferableLock, useTransferableLocks } from '../lockQueries';

/** Picks the locks to transfer from those the user owns: searchable, paged, the choice kept across pages. */
export function TransferLockPicker({
  selected,
  onChange,
}: {
  selected: TransferableLock[];
  onChange: (locks: TransferableLock[]) => void;
}) {
  const { t } = useTranslation();
  const [lockName, setLockName] = useState('');
  const [page, setPage] = usePaging({ lockName }, 10);
  const locks = useTransferableLocks({ ...page, lockName });
  return (
    <Flex vertical gap={12}>
      <Input.Search
        allowClear
        placeholder={t('lockList.searchPlaceholder')}
        aria-label={t('lockList.searchPlaceholder')}
        onSearch={(value) => setLockName(value.trim())}
        style={{ maxWidth: 280 }}
        data-testid="transfer-lock-search"
      />
      <Table<TransferableLock>
        size="small"
        rowKey="lockId"
        dataSource={locks.data?.list}
        loading={locks.isPending || (locks.isPlaceholderData && locks.isFetching)}
        columns={[
          { key: 'name', title: t('lockList.column.name'), dataIndex: 'lockName' },
          {
            key: 'mac',
            title: t('lockList.column.mac'),
            dataIndex: 'lockMac',
            render: (mac: string) => <Typography.Text code>{mac}</Typography.Text>,
          },
        ]}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: selected.map((item) => item.lockId),
          onChange: (keys, rows) => {
            const byId = new Map([...selected, ...rows.filter(Boolean)].map((item) => [item.lockId, item]));
            onChange(keys.map((key) => byId.get(Number(key))).filter((item): item is TransferableLock => !!item));
          },
        }}
        locale={{ emptyText: locks.isPending ? ' ' : t(lockName ? 'lockList.noMatch' : 'lockTransfer.noLocks') }}
        pagination={
          locks.data && locks.data.total > 0
            ? { ...pagination(t, locks.data), onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }
            : false
        }
        data-testid="transfer-lock-table"
      />
      <Flex wrap gap={4} align="center" data-testid="transfer-selected-locks">
        <Typography.Text type="secondary">{t('lockTransfer.selected', { count: selected.length })}</Typography.Text>
        {selected.map((item) => (
          <Tag
            key={item.lockId}
            closable
            onClose={() => onChange(selected.filter((other) => other.lockId !== item.lockId))}
          >
            {item.lockName}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}
