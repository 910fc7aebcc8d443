import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { GroupId } from '@smartlock/contract';
import { Button, Empty, Flex, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../ui/LoadError';
import { GroupInstructionsDialog } from './GroupInstructionsDialog';
import { GroupNameDialog } from './GroupNameDialog';
import { type LockGroup, useGroups } from './groupApi';
import { groupColumns } from './groupColumns';
import { MoveLocksDialog } from './MoveLocksDialog';
import { useDeleteGroup } from './useDeleteGroup';

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; item: LockGroup }
  | { kind: 'move'; from: number }
  | { kind: 'instructions'; item: LockGroup };

/** Lock groups (spec: group/home): each with its lock count; create, rename, delete, move locks between them. */
export default function GroupPage() {
  const { t } = useTranslation();
  const groups = useGroups();
  const [dialog, setDialog] = useState<Dialog>();
  const confirmDelete = useDeleteGroup();
  const columns = useMemo(
    () =>
      groupColumns(t, (action, item) => {
        if (action === 'delete') confirmDelete(item);
        else if (action === 'rename') setDialog({ kind: 'rename', item });
        else if (action === 'instructions') setDialog({ kind: 'instructions', item });
        else setDialog({ kind: 'move', from: item.groupId });
      }),
    [t, confirmDelete],
  );

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        {groups.data ? (
          <Typography.Text type="secondary" data-testid="group-summary">
            {t('group.summary', { total: groups.data.totalCount, ungrouped: groups.data.ungroupedCount })}{' '}
            <Link to={`/console/home?groupId=${GroupId.ungrouped}`}>{t('group.showUngrouped')}</Link>
          </Typography.Text>
        ) : (
          <span />
        )}
        <Flex gap={8} wrap>
          <Button
            icon={<SwapOutlined />}
            disabled={!groups.data}
            onClick={() => setDialog({ kind: 'move', from: GroupId.all })}
            data-testid="move-locks"
          >
            {t('group.moveLocks')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="group-create"
          >
            {t('group.create')}
          </Button>
        </Flex>
      </Flex>
      {groups.isError ? (
        <LoadError error={groups.error} retry={() => void groups.refetch()} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<LockGroup>
        rowKey="groupId"
        columns={columns}
        dataSource={groups.data?.list}
        loading={groups.isPending}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{
          emptyText: groups.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('group.empty')} data-testid="groups-empty" />
          ),
        }}
        data-testid="group-table"
      />
      {dialog?.kind === 'create' ? <GroupNameDialog onClose={() => setDialog(undefined)} /> : null}
      {dialog?.kind === 'rename' ? <GroupNameDialog item={dialog.item} onClose={() => setDialog(undefined)} /> : null}
      {dialog?.kind === 'instructions' ? (
        <GroupInstructionsDialog item={dialog.item} onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog?.kind === 'move' && groups.data ? (
        <MoveLocksDialog groups={groups.data} from={dialog.from} onClose={() => setDialog(undefined)} />
      ) : null}
    </>
  );
}
