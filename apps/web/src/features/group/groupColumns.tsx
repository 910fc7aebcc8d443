import { DeleteOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { LockGroup } from './groupQueries';

export type GroupAction = 'rename' | 'delete' | 'move';

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
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<UnorderedListOutlined />}
            onClick={() => onAction('move', item)}
            data-testid="group-move"
          >
            {t('group.moveLocks')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => onAction('rename', item)}
            data-testid="group-rename"
          >
            {t('group.rename')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onAction('delete', item)}
            data-testid="group-delete"
          >
            {t('group.delete')}
          </Button>
        </Space>
      ),
    },
  ];
}
