import { useTranslation } from 'react-i18next';
import type { LockDetail } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { RemoteActions } from '../remoteOperation/RemoteActions';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { SettingRow } from './SettingRow';

/** Clock calibration: sets the lock's clock to the server's time through its gateway. */
export function ClockSetting({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  const control = useRemoteOperation(detail.lockId);
  return (
    <SettingRow
      testId="setting-clock"
      title={t('settings.clock')}
      description={t('settings.clockHint')}
      control={<RemoteActions isParkingLock={detail.isParkingLock} control={control} actions={['updateDate']} />}
    >
      <OperationStatus run={control.run} isParkingLock={detail.isParkingLock} />
    </SettingRow>
  );
}
