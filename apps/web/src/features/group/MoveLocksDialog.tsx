import { GroupId } from '@smartlock/contract';
import { Alert, App, Flex, Modal, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagination } from '../../app/pagination';
import { usePaging } from '../../app/usePaging';
import { SearchBox } from '../../ui/SearchBox';
import { useSubmission } from '../../ui/useSubmission';
import { BoltTag } from '../lock/BoltTag';
import { ALL_LOCKS, type LockItem, useLocks } from '../lock/lockApi';
import { GroupSelect } from './GroupSelect';
import { type GroupList, useSetGroupLocks } from './groupApi';
import { groupFilterOptions, moveTargetOptions } from './groupOptions';

/**
 * Moves locks between groups: pick locks (from any group, searchable, across pages), then the
 * group they go to, or "ungrouped" to take them out of every group.
 */
export function MoveLocksDialog({
  groups,
  from = GroupId.all,
  onClose,
}: {
  groups: GroupList;
  from?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setLocks = useSetGroupLocks();
  const { error, busy, run } = useSubmission();
  const [source, setSource] = useState(from);
  const [lockName, setLockName] = useState('');
  const [selected, setSelected] = useState<LockItem[]>([]);
  const [target, setTarget] = useState<number>();
  const filters = { ...ALL_LOCKS, groupId: source, lockName };
  const [page, setPage] = usePaging(filters, 10);
  const locks = useLocks({ ...filters, ...page });
  const columns = useMemo(
    () => [
      { key: 'name', title: t('lockList.column.name'), dataIndex: 'lockName' },
      {
        key: 'group',
        title: t('group.current'),
        render: (_: unknown, item: LockItem) =>
          item.groupId === GroupId.ungrouped
            ? t('group.ungrouped')
            : (groups.list.find((g) => g.groupId === item.groupId)?.groupName ?? '—'),
      },
      {
        key: 'bolt',
        title: t('lockList.column.bolt'),
        render: (_: unknown, item: LockItem) => <BoltTag state={item.state} isParkingLock={item.isParkingLock} />,
      },
    ],
    [t, groups],
  );

  async function move() {
    if (target === undefined || selected.length === 0) return;
    await run(async () => {
      await setLocks.mutateAsync({ groupId: target, lockIdList: selected.map((item) => item.lockId).join(',') });
      message.success(t('group.moved', { count: selected.length }));
      onClose();
    });
  }

  return (
    <Modal
      open
      title={t('group.moveTitle')}
      okText={t('group.moveSubmit', { count: selected.length })}
      okButtonProps={{ disabled: selected.length === 0 || target === undefined, 'data-testid': 'move-submit' }}
      confirmLoading={busy}
      onOk={() => void move()}
      onCancel={onClose}
      width={720}
      data-testid="move-locks-dialog"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{t('group.moveHint')}</Typography.Paragraph>
      <Flex wrap gap={12} style={{ marginBottom: 12 }}>
        <GroupSelect
          options={groupFilterOptions(groups)}
          value={source}
          onChange={setSource}
          ariaLabel={t('group.showFrom')}
          testId="move-source"
        />
        <SearchBox
          label={t('lockList.searchPlaceholder')}
          onSearch={setLockName}
          testId="move-search"
          style={{ width: 220 }}
        />
      </Flex>
      <Table<LockItem>
        size="small"
        rowKey="lockId"
        columns={columns}
        dataSource={locks.data?.list}
        loading={locks.isPending || (locks.isPlaceholderData && locks.isFetching)}
        scroll={{ x: 'max-content', y: 320 }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: selected.map((item) => item.lockId),
          onChange: (_keys, rows) =>
            setSelected((before) => {
              const byId = new Map([...before, ...rows.filter(Boolean)].map((item) => [item.lockId, item]));
              return _keys.map((key) => byId.get(Number(key))).filter((item): item is LockItem => item !== undefined);
            }),
        }}
        pagination={
          locks.data && locks.data.total > 0
            ? {
                ...pagination(t, locks.data),
                showSizeChanger: false,
                onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
              }
            : false
        }
        data-testid="move-lock-table"
      />
      <Flex align="center" gap={12} wrap style={{ marginTop: 12 }}>
        <Typography.Text strong>{t('group.moveTo')}</Typography.Text>
        <GroupSelect
          options={moveTargetOptions(groups)}
          value={target}
          onChange={setTarget}
          ariaLabel={t('group.moveTo')}
          testId="move-target"
          style={{ minWidth: 220 }}
        />
      </Flex>
    </Modal>
  );
}
