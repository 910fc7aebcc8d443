import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { RowLinkActions } from '../../components/RowLinkActions';
import { formatDateTime } from '../../i18n/format';
import type { AdminItem } from './adminQueries';

export type AdminAction = 'manage' | 'remove';

/** The administrator table's columns; `onAction` takes a row's actions. */
export function adminColumns(
  t: TFunction,
  language: string,
  onAction: (action: AdminAction, item: AdminItem) => void,
): ColumnsType<AdminItem> {
  return [
    {
      key: 'account',
      title: t('admin.column.account'),
      dataIndex: 'account',
      render: (account: string) => <Typography.Text strong>{account}</Typography.Text>,
    },
    {
      key: 'nickname',
      title: t('admin.column.nickname'),
      dataIndex: 'nickname',
      render: (nickname: string) => nickname || '—',
    },
    { key: 'locks', title: t('admin.column.locks'), dataIndex: 'lockCount', align: 'right' },
    {
      key: 'since',
      title: t('admin.column.since'),
      dataIndex: 'createDate',
      render: (at: number) => formatDateTime(at, language),
    },
    {
      key: 'actions',
      title: t('admin.column.actions'),
      fixed: 'right',
      render: (_value, item) => (
        <RowLinkActions
          actions={[
            { key: 'manage', icon: <KeyOutlined />, label: t('admin.manageLocks'), testId: 'admin-manage' },
            { key: 'remove', icon: <DeleteOutlined />, label: t('admin.remove'), testId: 'admin-remove', danger: true },
          ]}
          onAction={(key) => onAction(key as AdminAction, item)}
        />
      ),
    },
  ];
}
