import { EKeyAuthorized } from '@smartlock/contract';
import { Flex, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { type FitColumn, OneLine, SentBy } from '../../ui/FitTable';
import { eKeyValidityText } from '../credentials/validityText';
import { EKeyStatusTag } from './EKeyStatusTag';
import type { EKeyItem } from './ekeyApi';

/**
 * The eKey table's columns; `actions` renders a row's actions (none when the user may not act).
 * The recipient always shows, with the key's rights as tags (administrator, remote unlock); the
 * others go as room runs out (sent, name, validity, actions, status) and show under the recipient.
 */
export function ekeyColumns(
  t: TFunction,
  language: string,
  actions: ((item: EKeyItem) => ReactNode) | undefined,
): FitColumn<EKeyItem>[] {
  const columns: FitColumn<EKeyItem>[] = [
    {
      key: 'recipient',
      title: t('ekey.column.recipient'),
      minWidth: 240,
      grow: true,
      render: (_value, item) => (
        <Flex vertical gap={2}>
          <OneLine text={item.username} strong testId="ekey-username" />
          {item.nickname && item.nickname !== item.username ? <OneLine text={item.nickname} secondary /> : null}
          {item.keyRight === EKeyAuthorized.yes || item.remoteEnable ? (
            <Flex wrap gap={4}>
              {item.keyRight === EKeyAuthorized.yes ? (
                <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="ekey-admin">
                  {t('ekey.authorizedAdmin')}
                </Tag>
              ) : null}
              {item.remoteEnable ? (
                <Tag color="success" style={{ marginInlineEnd: 0 }} data-testid="ekey-remote">
                  {t('ekey.column.remoteUnlock')}
                </Tag>
              ) : null}
            </Flex>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('ekey.column.status'),
      dataIndex: 'keyStatus',
      minWidth: 170,
      drop: 6,
      render: (status: string) => <EKeyStatusTag status={status} />,
    },
    {
      key: 'validity',
      title: t('ekey.column.validity'),
      minWidth: 200,
      drop: 4,
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
      minWidth: 140,
      drop: 3,
      render: (name: string) => <OneLine text={name || '—'} testId="ekey-name" />,
    },
    {
      key: 'sent',
      title: t('ekey.column.sender'),
      minWidth: 180,
      drop: 2,
      render: (_value, item) => <SentBy name={item.senderUsername} at={item.date} language={language} />,
    },
  ];
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('ekey.column.actions'),
      fixed: 'right',
      minWidth: 230,
      drop: 5,
      fold: 'bare',
      render: (_value, item) => actions(item),
    });
  }
  return columns;
}
