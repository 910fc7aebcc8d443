import { RightOutlined } from '@ant-design/icons';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BatteryLevel } from '../BatteryLevel';
import { BoltTag } from '../BoltTag';
import { GatewayReach } from '../GatewayReach';
import type { LockItem } from '../lockApi';
import { RoleTag } from '../RoleTag';
import { lockDetailPath } from './lockColumns';

/** A lock of the list as a card, for narrow screens where the table's columns do not fit. */
export function LockCard({ item }: { item: LockItem }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid="lock-card"
      data-lock-id={item.lockId}
      title={
        <Flex gap={6} align="center" wrap>
          <Link to={lockDetailPath(item.lockId)} data-testid="lock-link">
            <Typography.Text strong>{item.lockName}</Typography.Text>
          </Link>
          {item.isParkingLock ? <Tag>{t('lock.parkingLock')}</Tag> : null}
        </Flex>
      }
      extra={
        <Link to={lockDetailPath(item.lockId)} aria-label={t('lockList.open')}>
          <RightOutlined />
        </Link>
      }
    >
      <Descriptions
        size="small"
        column={2}
        items={[
          {
            key: 'bolt',
            label: t('lockList.column.bolt'),
            children: <BoltTag state={item.state} isParkingLock={item.isParkingLock} />,
          },
          { key: 'battery', label: t('lockList.column.battery'), children: <BatteryLevel battery={item.battery} /> },
          {
            key: 'gateway',
            label: t('lockList.column.gateway'),
            span: 2,
            children: <GatewayReach reach={item} />,
          },
          {
            key: 'mac',
            label: t('lockList.column.mac'),
            span: 2,
            children: <Typography.Text code>{item.lockMac}</Typography.Text>,
          },
          { key: 'role', label: t('lockList.column.role'), children: <RoleTag role={item.role} /> },
        ]}
      />
    </Card>
  );
}
