import { RemoteUnlockSwitch } from '@smartlock/contract';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteOperationControl } from './useRemoteOperation';

/** The lock's remote-unlock switch; it changes only once the lock confirms, so it spins until then. */
export function RemoteUnlockToggle({ value, control }: { value: number; control: RemoteOperationControl }) {
  const { t } = useTranslation();
  const { run, busy } = control;
  const switching =
    busy && run.status !== 'idle' && (run.action === 'remoteUnlockOn' || run.action === 'remoteUnlockOff');
  return (
    <Switch
      size="small"
      checked={value === RemoteUnlockSwitch.on}
      loading={switching}
      disabled={busy && !switching}
      onChange={(on) => void control.start(on ? 'remoteUnlockOn' : 'remoteUnlockOff')}
      aria-label={t('lock.remoteUnlock')}
      data-testid="remote-unlock-switch"
    />
  );
}
