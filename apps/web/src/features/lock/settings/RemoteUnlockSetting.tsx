import { LockSwitch } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import type { LockDetail } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { RemoteUnlockToggle } from '../remoteOperation/RemoteUnlockToggle';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { isSwitchReported } from './lockSettings';
import { SettingRow } from './SettingRow';

/** Remote unlock, which must be switched on per lock before a remote unlock can work. */
export function RemoteUnlockSetting({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  const control = useRemoteOperation(detail.lockId);
  return (
    <SettingRow
      testId="setting-remoteUnlock"
      title={t('lock.remoteUnlock')}
      description={t('settings.remoteUnlockHint')}
      note={isSwitchReported(detail.switches, LockSwitch.remoteUnlock) ? undefined : t('settings.notReported')}
      control={<RemoteUnlockToggle value={detail.switches[LockSwitch.remoteUnlock] ?? 0} control={control} />}
    >
      <OperationStatus run={control.run} isParkingLock={detail.isParkingLock} />
    </SettingRow>
  );
}
