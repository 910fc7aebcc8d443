import { lock, parseLockId } from '@smartlock/contract';
import { Flex, Input, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConsole } from '../../app/context';
import { pagination } from '../../app/pagination';
import { usePaging } from '../../app/usePaging';
import { ALL_LOCKS, useLocks } from '../lock/lockQueries';

/** A lock picked for a batch: what the results name it by. */
export interface PickedLock {
  lockId: number;
  lockName: string;
}

/**
 * Picks the locks of a batch from the user's locks (/lock/list): searchable, paged, the choice
 * kept across pages; the lock named by `?lockId=` starts chosen.
 */
export function BatchLockPicker({
  selected,
  onChange,
  disabled,
}: {
  selected: PickedLock[];
  onChange: (locks: PickedLock[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [params] = useSearchParams();
  const preselect = parseLockId(params.get('lockId'));
  const [lockName, setLockName] = useState('');
  const [page, setPage] = usePaging({ lockName }, 10);
  const locks = useLocks({ ...page, ...ALL_LOCKS, lockName });

  // The lock the user came from starts chosen (once; they may untick it).
  const [preselected, setPreselected] = useState(false);
  useEffect(() => {
    if (preselect === undefined || preselected) return;
    let live = true;
    api
      .call(lock.detail, { lockId: preselect })
      .then((detail) => {
        if (!live) return;
        setPreselected(true);
        if (!selected.some((item) => item.lockId === detail.lockId)) {
          onChange([...selected, { lockId: detail.lockId, lockName: detail.lockName }]);
        }
      })
      .catch(() => setPreselected(true));
    return () => {
      live = false;
    };
  }, [api, preselect, preselected, selected, onChange]);

  return (
    <Flex vertical gap={12} data-testid="batch-locks">
      <Input.Search
        allowClear
        placeholder={t('lockList.searchPlaceholder')}
        aria-label={t('lockList.searchPlaceholder')}
        onSearch={(value) => setLockName(value.trim())}
        style={{ maxWidth: 280 }}
        data-testid="batch-lock-search"
      />
      <Table<PickedLock & { lockMac: string }>
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
          getCheckboxProps: () => ({ disabled }),
          onChange: (keys, rows) => {
            const byId = new Map<number, PickedLock>(
              [...selected, ...rows.filter(Boolean)].map((item) => [item.lockId, item]),
            );
            onChange(
              keys
                .map((key) => byId.get(Number(key)))
                .filter((item): item is PickedLock => item !== undefined)
                .map(({ lockId, lockName: name }) => ({ lockId, lockName: name })),
            );
          },
        }}
        locale={{ emptyText: locks.isPending ? ' ' : t(lockName ? 'lockList.noMatch' : 'lockList.emptyTitle') }}
        pagination={
          locks.data && locks.data.total > 0
            ? { ...pagination(t, locks.data), onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }
            : false
        }
        data-testid="batch-lock-table"
      />
      <Flex wrap gap={4} align="center" data-testid="batch-selected-locks">
        <Typography.Text type="secondary">{t('lockTransfer.selected', { count: selected.length })}</Typography.Text>
        {selected.map((item) => (
          <Tag
            key={item.lockId}
            closable={!disabled}
            onClose={() => onChange(selected.filter((other) => other.lockId !== item.lockId))}
          >
            {item.lockName}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}
