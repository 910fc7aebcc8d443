import type { UseQueryResult } from '@tanstack/react-query';
import { Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagination } from '../app/pagination';
import { type Paging, usePaging } from '../app/usePaging';
import { SearchBox } from './SearchBox';

/** A picked lock: what the screen names it by. */
export interface PickedLock {
  lockId: number;
  lockName: string;
}

/** A lock picker's search and page (ten locks a page, back to the first on a new search). */
export function useLockPickerPaging(): {
  lockName: string;
  onSearch: (name: string) => void;
  page: Paging;
  onPage: (page: Paging) => void;
} {
  const [lockName, onSearch] = useState('');
  const [page, onPage] = usePaging({ lockName }, 10);
  return { lockName, onSearch, page, onPage };
}

/**
 * Picks locks from a server-paged list: a name search, the table with check boxes (the choice
 * kept across pages and searches), and the chosen locks as removable tags. `testId` prefixes the
 * test ids (`<testId>-lock-search`, `<testId>-lock-table`, `<testId>-selected-locks`).
 */
export function LockPickerTable<T extends PickedLock>({
  testId,
  locks,
  lockName,
  onSearch,
  onPage,
  selected,
  onChange,
  emptyKey,
  disabled = false,
}: {
  testId: string;
  locks: UseQueryResult<{ list: (T & { lockMac: string })[]; pageNo: number; pageSize: number; total: number }> & {
    isPlaceholderData: boolean;
  };
  lockName: string;
  onSearch: (lockName: string) => void;
  onPage: (page: Paging) => void;
  selected: T[];
  onChange: (locks: T[]) => void;
  /** The message when the user has no locks at all. */
  emptyKey: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SearchBox
        label={t('lockList.searchPlaceholder')}
        onSearch={onSearch}
        testId={`${testId}-lock-search`}
        style={{ maxWidth: 280 }}
      />
      <Table<T & { lockMac: string }>
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
            const byId = new Map<number, T>([...selected, ...rows.filter(Boolean)].map((item) => [item.lockId, item]));
            onChange(keys.map((key) => byId.get(Number(key))).filter((item): item is T => item !== undefined));
          },
        }}
        locale={{ emptyText: locks.isPending ? ' ' : t(lockName ? 'lockList.noMatch' : emptyKey) }}
        pagination={
          locks.data && locks.data.total > 0
            ? { ...pagination(t, locks.data), onChange: (pageNo, pageSize) => onPage({ pageNo, pageSize }) }
            : false
        }
        data-testid={`${testId}-lock-table`}
      />
      <Flex wrap gap={4} align="center" data-testid={`${testId}-selected-locks`}>
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
    </>
  );
}
