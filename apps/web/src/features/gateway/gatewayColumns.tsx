import { OnlineState } from '@smartlock/contract';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../i18n/format';
import type { GatewayItem } from './gatewayQueries';
import { SignalStrength } from './SignalStrength';
import { gatewayVersionLabel } from './version';

/** The gateway table's columns; `actions` renders a row's actions. */
export function gatewayColumns(
  t: TFunction,
  language: string,
  actions: (item: GatewayItem) => ReactNode,
): ColumnsType<GatewayItem> {
  return [
    {
      key: 'name',
      title: t('gateway.column.name'),
      dataIndex: 'gatewayName',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      key: 'mac',
      title: t('gateway.column.mac'),
      dataIndex: 'gatewayMac',
      render: (mac: string) => <Typography.Text code>{mac}</Typography.Text>,
    },
    {
      key: 'network',
      title: t('gateway.column.network'),
      dataIndex: 'networkName',
      render: (network: string) => network || '—',
    },
    {
      key: 'city',
      title: t('map.city'),
      dataIndex: 'cityName',
      render: (city: string) => city || '—',
    },
    {
      key: 'signal',
      title: t('gateway.column.signal'),
      align: 'center',
      render: (_value, item) => <SignalStrength grade={item.signalGrade} rssi={item.rssi} />,
    },
    {
      key: 'status',
      title: t('gateway.column.status'),
      dataIndex: 'isOnline',
      render: (online: number) =>
        online === OnlineState.online ? (
          <Tag color="success">{t('gateway.online')}</Tag>
        ) : (
          <Tag>{t('gateway.offline')}</Tag>
        ),
    },
    {
      key: 'version',
      title: t('gateway.column.version'),
      dataIndex: 'gatewayVersion',
      render: (version: number) => gatewayVersionLabel(version),
    },
    { key: 'locks', title: t('gateway.column.locks'), dataIndex: 'lockNum', align: 'right' },
    {
      key: 'lastSeen',
      title: t('gateway.column.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (at: number | null) => (at === null ? t('gateway.never') : formatDateTime(at, language)),
    },
    { key: 'actions', title: t('gateway.column.actions'), fixed: 'right', render: (_value, item) => actions(item) },
  ];
}
