import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { BatteryLevel } from '../lock/BatteryLevel';
import { BoltTag } from '../lock/BoltTag';
import { OperationStatus } from '../lock/remoteOperation/OperationStatus';
import { RemoteActions } from '../lock/remoteOperation/RemoteActions';
import { RemoteUnlockToggle } from '../lock/remoteOperation/RemoteUnlockToggle';
import { useRemoteOperation } from '../lock/remoteOperation/useRemoteOperation';
import type { GatewayLock } from './gatewayApi';
import { SignalStrength } from './SignalStrength';

/** One lock behind a gateway: its state, its remote actions and how the last one went. */
export function GatewayLockCard({ lock }: { lock: GatewayLock }) {
  const { t, i18n } = useTranslation();
  const control = useRemoteOperation(lock.lockId, lock.lockName);
  return (
    <Card
      size="small"
      data-testid="gateway-lock"
      data-lock-id={lock.lockId}
      title={
        <span>
          {lock.lockName}
          {lock.isParkingLock ? <Tag style={{ marginInlineStart: 8 }}>{t('lock.parkingLock')}</Tag> : null}
        </span>
      }
      extra={<Typography.Text type="secondary">{lock.lockMac}</Typography.Text>}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 4 }}
        items={[
          {
            key: 'bolt',
            label: t('lock.boltState'),
            children: <BoltTag state={lock.state} isParkingLock={lock.isParkingLock} />,
          },
          {
            key: 'battery',
            label: t('lock.battery'),
            children: <BatteryLevel battery={lock.battery} />,
          },
          {
            key: 'signal',
            label: t('lock.signal'),
            children: <SignalStrength grade={lock.signalGrade} rssi={lock.rssi} />,
          },
          {
            key: 'remoteUnlock',
            label: t('lock.remoteUnlock'),
            children: <RemoteUnlockToggle value={lock.remoteUnlock} control={control} />,
          },
        ]}
      />
      <RemoteActions isParkingLock={lock.isParkingLock} control={control} />
      <OperationStatus run={control.run} isParkingLock={lock.isParkingLock} />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {t('lock.updatedAt', { time: formatDateTime(lock.updatedAt, i18n.language) })}
      </Typography.Text>
    </Card>
  );
}
