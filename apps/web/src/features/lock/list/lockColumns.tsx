import { RightOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { BatteryLevel } from '../BatteryLevel';
import { BoltTag } from '../BoltTag';
import { GatewayReach } from '../GatewayReach';
import type { LockItem } from '../lockApi';
import { RoleTag } from '../RoleTag';

/** Where a lock's detail opens: its eKeys tab. */
export const lockDetailPath = (lockId: number) => `/manage/ekey?lockId=${lockId}`;

/** The lock list's columns: name (to its detail), MAC, bolt, battery, gateway, the user's role. */
export function lockColumns(t: TFunction): ColumnsType<LockItem> {
  return [
    {
      key: 'name',
      title: t('lockList.column.name'),
      dataIndex: 'lockName',
      render: (name: string, item) => (
        <Space size={4} wrap>
          <Link to={lockDetailPath(item.lockId)} data-testid="lock-link">
            <Typography.Text strong>{name}</Typography.Text>
          </Link>
          {item.isParkingLock ? <Tag>{t('lock.parkingLock')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'mac',
      title: t('lockList.column.mac'),
      dataIndex: 'lockMac',
      render: (mac: string) => <Typography.Text code>{mac}</Typography.Text>,
    },
    {
      key: 'bolt',
      title: t('lockList.column.bolt'),
      render: (_value, item) => <BoltTag state={item.state} isParkingLock={item.isParkingLock} />,
    },
    {
      key: 'battery',
      title: t('lockList.column.battery'),
      render: (_value, item) => <BatteryLevel battery={item.battery} />,
    },
    {
      key: 'gateway',
      title: t('lockList.column.gateway'),
      render: (_value, item) => <GatewayReach reach={item} />,
    },
    { key: 'role', title: t('lockList.column.role'), render: (_value, item) => <RoleTag role={item.role} /> },
    {
      key: 'open',
      title: t('lockList.column.actions'),
      fixed: 'right',
      render: (_value, item) => (
        <Link to={lockDetailPath(item.lockId)} data-testid="lock-open">
          {t('lockList.open')} <RightOutlined />
        </Link>
      ),
    },
  ];
}
