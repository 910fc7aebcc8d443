import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../i18n/format';
import { type FitColumn, OneLine } from '../../ui/FitTable';
import { RowLinkActions } from '../../ui/RowLinkActions';
import type { AdminItem } from './adminApi';

export type AdminAction = 'manage' | 'remove';

/** The administrator table's columns, the account always shown; `onAction` takes a row's actions. */
export function adminColumns(
  t: TFunction,
  language: string,
  onAction: (action: AdminAction, item: AdminItem) => void,
): FitColumn<AdminItem>[] {
  return [
    {
      key: 'account',
      title: t('admin.column.account'),
      dataIndex: 'account',
      minWidth: 200,
      grow: true,
      render: (account: string) => <OneLine text={account} strong />,
    },
    {
      key: 'nickname',
      title: t('admin.column.nickname'),
      dataIndex: 'nickname',
      minWidth: 150,
      drop: 1,
      render: (nickname: string) => <OneLine text={nickname || '—'} />,
    },
    { key: 'locks', title: t('admin.column.locks'), dataIndex: 'lockCount', align: 'right', minWidth: 90, drop: 3 },
    {
      key: 'since',
      title: t('admin.column.since'),
      dataIndex: 'createDate',
      minWidth: 170,
      drop: 2,
      render: (at: number) => formatDateTime(at, language),
    },
    {
      key: 'actions',
      title: t('admin.column.actions'),
      fixed: 'right',
      minWidth: 240,
      drop: 4,
      fold: 'bare',
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
