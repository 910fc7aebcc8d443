import { DeleteOutlined, EditOutlined, FileTextOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { RowLinkActions } from '../../ui/RowLinkActions';
import type { LockGroup } from './groupApi';

export type GroupAction = 'rename' | 'delete' | 'move' | 'instructions';

/** The lock-group table's columns: name, lock count, and a row's actions. */
export function groupColumns(
  t: TFunction,
  onAction: (action: GroupAction, item: LockGroup) => void,
): ColumnsType<LockGroup> {
  return [
    {
      key: 'name',
      title: t('group.column.name'),
      dataIndex: 'groupName',
      render: (name: string, item) => (
        <Link to={`/console/home?groupId=${item.groupId}`} data-testid="group-locks-link">
          <Typography.Text strong>{name}</Typography.Text>
        </Link>
      ),
    },
    { key: 'locks', title: t('group.column.locks'), dataIndex: 'lockCount', align: 'right', width: 120 },
    {
      key: 'actions',
      title: t('group.column.actions'),
      fixed: 'right',
      render: (_value, item) => (
        <RowLinkActions
          actions={[
            { key: 'move', icon: <UnorderedListOutlined />, label: t('group.moveLocks'), testId: 'group-move' },
            { key: 'rename', icon: <EditOutlined />, label: t('group.rename'), testId: 'group-rename' },
            {
              key: 'instructions',
              icon: <FileTextOutlined />,
              label: t('stayInstructions.label'),
              testId: 'group-instructions',
            },
            { key: 'delete', icon: <DeleteOutlined />, label: t('group.delete'), testId: 'group-delete', danger: true },
          ]}
          onAction={(key) => onAction(key as GroupAction, item)}
        />
      ),
    },
  ];
}
