import { EKeyAuthorized } from '@smartlock/contract';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { eKeyValidityText, formatInstant } from '../credentials/validityText';
import { EKeyStatusTag } from './EKeyStatusTag';
import type { EKeyItem } from './ekeyQueries';

/** The eKey table's columns; `actions` renders a row's actions (none when the user may not act). */
export function ekeyColumns(
  t: TFunction,
  language: string,
  actions: ((item: EKeyItem) => ReactNode) | undefined,
): ColumnsType<EKeyItem> {
  const columns: ColumnsType<EKeyItem> = [
    {
      key: 'recipient',
      title: t('ekey.column.recipient'),
      render: (_value, item) => (
        <Flex vertical>
          <Typography.Text strong data-testid="ekey-username">
            {item.username}
          </Typography.Text>
          {item.nickname && item.nickname !== item.username ? (
            <Typography.Text type="secondary">{item.nickname}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('ekey.column.status'),
      dataIndex: 'keyStatus',
      render: (status: string) => <EKeyStatusTag status={status} />,
    },
    {
      key: 'validity',
      title: t('ekey.column.validity'),
      render: (_value, item) => (
        <span data-testid="ekey-validity" data-validity-type={item.validityType}>
          {eKeyValidityText(t, item, language)}
        </span>
      ),
    },
    {
      key: 'name',
      title: t('ekey.column.name'),
      dataIndex: 'keyName',
      render: (name: string) => <span data-testid="ekey-name">{name || '—'}</span>,
    },
    { key: 'sender', title: t('ekey.column.sender'), dataIndex: 'senderUsername' },
    {
      key: 'date',
      title: t('ekey.column.sent'),
      dataIndex: 'date',
      render: (date: number) => formatInstant(date, { language }),
    },
    {
      key: 'remote',
      title: t('ekey.column.remoteUnlock'),
      dataIndex: 'remoteEnable',
      render: (on: boolean) => (
        <Tag color={on ? 'success' : 'default'} data-testid="ekey-remote">
          {t(on ? 'ekey.yes' : 'ekey.no')}
        </Tag>
      ),
    },
    {
      key: 'admin',
      title: t('ekey.column.authorizedAdmin'),
      dataIndex: 'keyRight',
      render: (right: number) =>
        right === EKeyAuthorized.yes ? (
          <Tag color="blue" data-testid="ekey-admin">
            {t('ekey.authorizedAdmin')}
          </Tag>
        ) : (
          '—'
        ),
    },
  ];
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('ekey.column.actions'),
      fixed: 'right',
      render: (_value, item) => actions(item),
    });
  }
  return columns;
}
