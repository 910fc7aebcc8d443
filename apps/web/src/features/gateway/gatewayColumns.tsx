import { OnlineState } from '@smartlock/contract';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../i18n/format';
import { type FitColumn, OneLine } from '../../ui/FitTable';
import type { GatewayItem } from './gatewayApi';
import { SignalStrength } from './SignalStrength';
import { gatewayVersionLabel } from './version';

/** The gateway table's columns, the name always shown; `actions` renders a row's actions. */
export function gatewayColumns(
  t: TFunction,
  language: string,
  actions: (item: GatewayItem) => ReactNode,
): FitColumn<GatewayItem>[] {
  return [
    {
      key: 'name',
      title: t('gateway.column.name'),
      dataIndex: 'gatewayName',
      minWidth: 180,
      grow: true,
      render: (name: string) => <OneLine text={name} strong />,
    },
    {
      key: 'mac',
      title: t('gateway.column.mac'),
      dataIndex: 'gatewayMac',
      minWidth: 170,
      drop: 2,
      render: (mac: string) => <Typography.Text code>{mac}</Typography.Text>,
    },
    {
      key: 'network',
      title: t('gateway.column.network'),
      dataIndex: 'networkName',
      minWidth: 140,
      drop: 1,
      render: (network: string) => <OneLine text={network || '—'} />,
    },
    {
      key: 'city',
      title: t('map.city'),
      dataIndex: 'cityName',
      minWidth: 140,
      drop: 1.5,
      render: (city: string) => <OneLine text={city || '—'} />,
    },
    {
      key: 'signal',
      title: t('gateway.column.signal'),
      align: 'center',
      minWidth: 90,
      drop: 3,
      render: (_value, item) => <SignalStrength grade={item.signalGrade} rssi={item.rssi} />,
    },
    {
      key: 'status',
      title: t('gateway.column.status'),
      dataIndex: 'isOnline',
      minWidth: 110,
      drop: 6,
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
      minWidth: 90,
      drop: 2.5,
      render: (version: number) => gatewayVersionLabel(version),
    },
    { key: 'locks', title: t('gateway.column.locks'), dataIndex: 'lockNum', align: 'right', minWidth: 80, drop: 4 },
    {
      key: 'lastSeen',
      title: t('gateway.column.lastSeen'),
      dataIndex: 'lastSeenAt',
      minWidth: 170,
      drop: 0.5,
      render: (at: number | null) => (at === null ? t('gateway.never') : formatDateTime(at, language)),
    },
    {
      key: 'actions',
      title: t('gateway.column.actions'),
      fixed: 'right',
      minWidth: 200,
      drop: 5,
      fold: 'bare',
      render: (_value, item) => actions(item),
    },
  ];
}
