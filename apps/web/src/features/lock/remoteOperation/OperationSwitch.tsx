import { Switch } from 'antd';
import { actionOf, type RemoteRequest } from './remoteActions';
import type { RemoteOperationControl } from './useRemoteOperation';

/**
 * A switch whose change is a remote operation: it shows what the lock last confirmed, spins
 * while the change is on its way, and flips only once the lock has confirmed it.
 */
export function OperationSwitch({
  checked,
  on,
  off,
  control,
  label,
  testId,
  disabled,
}: {
  checked: boolean;
  on: RemoteRequest;
  off: RemoteRequest;
  control: RemoteOperationControl;
  label: string;
  testId: string;
  disabled?: boolean;
}) {
  const { run, busy } = control;
  const mine = new Set([actionOf(on), actionOf(off)]);
  const switching = busy && run.status !== 'idle' && mine.has(run.action);
  return (
    <Switch
      size="small"
      checked={checked}
      loading={switching}
      disabled={disabled || (busy && !switching)}
      onChange={(value) => void control.start(value ? on : off)}
      aria-label={label}
      data-testid={testId}
    />
  );
}
