import { AppstoreOutlined, SwapOutlined } from '@ant-design/icons';
import { LockRole } from '@smartlock/contract';
import { Alert, Flex, Grid, Table } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../../app/context';
import { pagination } from '../../../app/pagination';
import { usePaging } from '../../../app/usePaging';
import { LiveBadge } from '../../../live/LiveBadge';
import { LinkButton } from '../../../ui/LinkButton';
import { LoadError } from '../../../ui/LoadError';
import { useGroups } from '../../group/groupApi';
import { ALL_LOCKS, type LockItem, type LockQueryTypeValue, useLocks } from '../lockApi';
import { BatchUnlock } from './BatchUnlock';
import { isBatchUnlockable } from './batchUnlock';
import { LockCards } from './LockCards';
import { LockFilters } from './LockFilters';
import { LocksEmpty } from './LocksEmpty';
import { lockColumns } from './lockColumns';
import { emptyReason } from './lockListQuery';
import { useGroupFilter } from './useGroupFilter';

/**
 * The console home (spec: console/home): the user's locks, paged on the server, searchable, by
 * query type and by group (`?groupId=`); bolt and battery change live.
 */
export default function LockListPage() {
  const { t } = useTranslation();
  const { brand } = useConsole();
  const groups = useGroups();
  const [groupId, setGroupId] = useGroupFilter(groups.data);
  const [lockName, setLockName] = useState(ALL_LOCKS.lockName);
  const [type, setType] = useState<LockQueryTypeValue>(ALL_LOCKS.type);
  const filters = { groupId, lockName, type };
  const [page, setPage] = usePaging(filters);
  const query = { ...page, ...filters };
  const list = useLocks(query);
  const columns = useMemo(() => lockColumns(t), [t]);
  const phone = !Grid.useBreakpoint().md;
  /** Locks picked for batch unlock, kept across pages and filters. */
  const [picked, setPicked] = useState<Map<number, LockItem>>(new Map());
  const owner = list.data?.list.some((item) => item.role === LockRole.owner) === true || picked.size > 0;
  /** Batch unlock: an owner's, where the brand sells the advanced function it needs. */
  const batch = owner && brand.hasPaidFeature;
  /** Locks the user administers for their owner: what only the owner may do is pointed out. */
  const administers = list.data?.list.some((item) => item.role === LockRole.authorizedAdmin) === true;
  const onPick = (keys: Key[], rows: (LockItem | undefined)[]) =>
    setPicked((before) => {
      const next = new Map<number, LockItem>();
      for (const key of keys) {
        const id = Number(key);
        const item = rows.find((row) => row?.lockId === id) ?? before.get(id);
        if (item) next.set(id, item);
      }
      return next;
    });
  const loading = list.isPending || (list.isPlaceholderData && list.isFetching);
  const empty = list.isPending ? ' ' : <LocksEmpty reason={emptyReason(query)} />;
  const pager =
    list.data && list.data.total > 0
      ? { ...pagination(t, list.data), onChange: (pageNo: number, pageSize: number) => setPage({ pageNo, pageSize }) }
      : false;

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <LockFilters
          groups={groups.data}
          groupsLoading={groups.isPending}
          groupId={groupId}
          onGroup={setGroupId}
          type={type}
          onType={setType}
          onSearch={setLockName}
        />
        <Flex align="center" gap={12} wrap>
          <LiveBadge />
          <LinkButton to="/group/home" icon={<AppstoreOutlined />}>
            {t('lockList.manageGroups')}
          </LinkButton>
          <LinkButton to="/manage/transferLock" data-testid="transfer-locks" icon={<SwapOutlined />}>
            {t('lockList.transfer')}
          </LinkButton>
        </Flex>
      </Flex>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} style={{ marginBottom: 16 }} />
      ) : null}
      {administers && !owner ? (
        <Alert
          type="info"
          showIcon
          title={t('lockList.adminAskOwner')}
          style={{ marginBottom: 16 }}
          data-testid="admin-ask-owner"
        />
      ) : null}
      {batch && !phone ? <BatchUnlock selected={[...picked.values()]} onDone={() => setPicked(new Map())} /> : null}
      {phone ? (
        <LockCards items={list.data?.list} loading={loading} empty={empty} pagination={pager} />
      ) : (
        <Table<LockItem>
          rowKey="lockId"
          columns={columns}
          dataSource={list.data?.list}
          loading={loading}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: empty }}
          pagination={pager}
          rowSelection={
            batch
              ? {
                  selectedRowKeys: [...picked.keys()],
                  preserveSelectedRowKeys: true,
                  onChange: onPick,
                  getCheckboxProps: (item) => ({ disabled: !isBatchUnlockable(item) }),
                }
              : undefined
          }
          data-testid="lock-table"
        />
      )}
    </>
  );
}
