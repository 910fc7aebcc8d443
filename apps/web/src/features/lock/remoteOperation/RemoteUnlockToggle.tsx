import { RemoteUnlockSwitch } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import { OperationSwitch } from './OperationSwitch';
import type { RemoteOperationControl } from './useRemoteOperation';

/** The lock's remote-unlock switch; it changes only once the lock confirms, so it spins until then. */
export function RemoteUnlockToggle({ value, control }: { value: number; control: RemoteOperationControl }) {
  const { t } = useTranslation();
  return (
    <OperationSwitch
      checked={value === RemoteUnlockSwitch.on}
      on="remoteUnlockOn"
      off="remoteUnlockOff"
      control={control}
      label={t('lock.remoteUnlock')}
      testId="remote-unlock-switch"
    />
  );
}
