import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { AdminGroupQuery, GroupId } from '@smartlock/contract';
import { App, Button, Drawer, Empty, Flex, Grid, Segmented, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { pagination } from '../../app/pagination';
import { usePaging } from '../../app/usePaging';
import { LoadError } from '../../ui/LoadError';
import { ValidityDialog } from '../credentials/ValidityDialog';
import { newValidity, type ValidityDraft } from '../credentials/validity';
import { GroupSelect } from '../group/GroupSelect';
import { useGroups } from '../group/groupApi';
import { groupFilterOptions } from '../group/groupOptions';
import {
  type AdminGroupQueryValue,
  type AdminItem,
  type AdminLock,
  authorizeAdminLocks,
  deauthorizeAdminLocks,
  useAdminLocks,
  useRefreshAdmins,
} from './adminApi';
import { adminErrorText, isAuthorizedLock, splitSelected } from './adminParams';

const QUERY_TYPES: readonly AdminGroupQueryValue[] = [
  AdminGroupQuery.all,
  AdminGroupQuery.authorized,
  AdminGroupQuery.notAuthorized,
];

/**
 * One administrator's locks: all of the user's locks, the authorized ones or the others, of one
 * group or all; chosen locks are authorized (with a validity, permanent unless changed) or taken
 * away (asked first: the eKeys the administrator sent on them go too).
 */
export function AdminLocksDrawer({ item, onClose }: { item: AdminItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { modal, message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const refresh = useRefreshAdmins();
  const groups = useGroups();
  const [queryType, setQueryType] = useState<AdminGroupQueryValue>(AdminGroupQuery.all);
  const [groupId, setGroupId] = useState<number>(GroupId.all);
  const [page, setPage] = usePaging({ queryType, groupId });
  const locks = useAdminLocks({ adminUid: item.adminUid, queryType, groupId, ...page });
  const [selected, setSelected] = useState<AdminLock[]>([]);
  const [authorizing, setAuthorizing] = useState(false);
  const { toAuthorize, toDeauthorize } = splitSelected(selected);
  const [initialValidity] = useState<ValidityDraft>(() => newValidity(Date.now()));

  const groupNames = useMemo(
    () => new Map((groups.data?.list ?? []).map((group) => [group.groupId, group.groupName])),
    [groups.data],
  );

  async function authorize(validity: ValidityDraft) {
    const count = await authorizeAdminLocks(api, item.adminUid, toAuthorize, validity);
    message.success(t('admin.authorized', { count }));
    setSelected([]);
    await refresh();
  }

  function confirmDeauthorize() {
    const lockIds = toDeauthorize;
    modal.confirm({
      title: t('admin.deauthorizeTitle', { count: lockIds.length, account: item.account }),
      content: t('admin.deauthorizeWarning'),
      okText: t('admin.deauthorize'),
      okButtonProps: { danger: true, 'data-testid': 'admin-deauthorize-confirm' },
      onOk: async () => {
        try {
          const count = await deauthorizeAdminLocks(api, item.adminUid, lockIds);
          message.success(t('admin.deauthorized', { count }));
          setSelected([]);
          await refresh();
        } catch (error) {
          message.error(adminErrorText(t, error));
        }
      },
    });
  }

  return (
    <Drawer
      open
      onClose={onClose}
      title={t('admin.locksTitle', { account: item.account })}
      size={screens.md ? 760 : '100%'}
      data-testid="admin-locks"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" data-testid="admin-locks-summary">
          {t('admin.locksSummary', { count: item.lockCount })}
        </Typography.Text>
        <Flex wrap gap={12} align="center" justify="space-between">
          <Segmented<AdminGroupQueryValue>
            value={queryType}
            onChange={setQueryType}
            options={QUERY_TYPES.map((value) => ({
              value,
              label: <span data-testid={`admin-locks-query-${value}`}>{t(`admin.query.${value}`)}</span>,
            }))}
          />
          <GroupSelect
            options={groups.data ? groupFilterOptions(groups.data) : []}
            value={groups.data ? groupId : undefined}
            onChange={setGroupId}
            loading={groups.isPending}
            testId="admin-locks-group"
            ariaLabel={t('admin.groupFilter')}
          />
        </Flex>
        <Flex wrap gap={8} align="center">
          <Button
            type="primary"
            icon={<CheckCircleOutlined />}
            disabled={toAuthorize.length === 0}
            onClick={() => setAuthorizing(true)}
            data-testid="admin-authorize"
          >
            {t('admin.authorize', { count: toAuthorize.length })}
          </Button>
          <Button
            danger
            icon={<StopOutlined />}
            disabled={toDeauthorize.length === 0}
            onClick={confirmDeauthorize}
            data-testid="admin-deauthorize"
          >
            {t('admin.deauthorizeCount', { count: toDeauthorize.length })}
          </Button>
          {selected.length > 0 ? (
            <Button type="link" onClick={() => setSelected([])} data-testid="admin-locks-clear">
              {t('admin.clearSelection', { count: selected.length })}
            </Button>
          ) : null}
        </Flex>
        {locks.isError ? <LoadError error={locks.error} retry={() => void locks.refetch()} /> : null}
        <Table<AdminLock>
          size="small"
          rowKey="lockId"
          dataSource={locks.data?.list}
          loading={locks.isPending || (locks.isPlaceholderData && locks.isFetching)}
          scroll={{ x: 'max-content' }}
          onRow={(row) =>
            ({
              'data-testid': 'admin-lock-row',
              'data-lock-id': String(row.lockId),
              'data-authorized': String(isAuthorizedLock(row)),
            }) as object
          }
          rowSelection={{
            preserveSelectedRowKeys: true,
            selectedRowKeys: selected.map((row) => row.lockId),
            onChange: (keys, rows) => {
              const byId = new Map<number, AdminLock>(
                [...selected, ...rows.filter(Boolean)].map((row) => [row.lockId, row]),
              );
              setSelected(
                keys.map((key) => byId.get(Number(key))).filter((row): row is AdminLock => row !== undefined),
              );
            },
          }}
          columns={[
            {
              key: 'name',
              title: t('admin.lockColumn.name'),
              dataIndex: 'lockName',
              render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
            },
            {
              key: 'group',
              title: t('admin.lockColumn.group'),
              dataIndex: 'groupId',
              render: (id: number) =>
                id === GroupId.ungrouped ? t('group.ungrouped') : (groupNames.get(id) ?? `#${id}`),
            },
            {
              key: 'status',
              title: t('admin.lockColumn.status'),
              render: (_value, row) =>
                isAuthorizedLock(row) ? (
                  <Tag color="success">{t('admin.status.authorized')}</Tag>
                ) : (
                  <Tag>{t('admin.status.notAuthorized')}</Tag>
                ),
            },
          ]}
          locale={{
            emptyText: locks.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`admin.locksEmpty.${queryType}`)} />
            ),
          }}
          pagination={
            locks.data && locks.data.total > 0
              ? { ...pagination(t, locks.data), onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }
              : false
          }
          data-testid="admin-lock-table"
        />
      </Flex>
      {authorizing ? (
        <ValidityDialog
          title={t('admin.authorizeTitle', { count: toAuthorize.length, account: item.account })}
          okText={t('admin.authorizeOk')}
          hint={t('admin.authorizeHint')}
          initial={initialValidity}
          testId="admin-authorize-dialog"
          onSubmit={authorize}
          onClose={() => setAuthorizing(false)}
        />
      ) : null}
    </Drawer>
  );
}
