import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BoltTag } from '../BoltTag';
import type { LockDetail } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { RemoteActions } from '../remoteOperation/RemoteActions';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { SettingRow } from './SettingRow';

/** A car-park lock's barrier: raise or lower it through its gateway. */
export function ParkingSetting({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  const control = useRemoteOperation(detail.lockId, detail.lockName);
  return (
    <SettingRow
      testId="setting-parking"
      title={t('settings.parking')}
      description={t('settings.parkingHint')}
      control={
        <Space wrap>
          <BoltTag state={detail.state} isParkingLock />
          <RemoteActions isParkingLock control={control} actions={['raise', 'lower']} />
        </Space>
      }
    >
      <OperationStatus run={control.run} isParkingLock />
    </SettingRow>
  );
}
