import { useTranslation } from 'react-i18next';
import type { LockDetail } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { OperationSwitch } from '../remoteOperation/OperationSwitch';
import type { SwitchName } from '../remoteOperation/settingRequests';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { isSwitchOn, isSwitchReported, switchValues } from './lockSettings';
import { SettingRow } from './SettingRow';

/** One of the lock's on/off switches; it flips once the lock confirms. */
export function SwitchSetting({ detail, name }: { detail: LockDetail; name: SwitchName }) {
  const { t } = useTranslation();
  const control = useRemoteOperation(detail.lockId);
  const values = switchValues(name);
  const title = t(`settings.switch.${name}`);
  return (
    <SettingRow
      testId={`setting-${name}`}
      title={title}
      description={t(`settings.switchHint.${name}`)}
      note={isSwitchReported(detail.switches, name) ? undefined : t('settings.notReported')}
      control={
        <OperationSwitch
          checked={isSwitchOn(detail.switches, name)}
          on={{ action: 'setSwitch', name, value: values.on }}
          off={{ action: 'setSwitch', name, value: values.off }}
          control={control}
          label={title}
          testId={`switch-${name}`}
        />
      }
    >
      <OperationStatus run={control.run} isParkingLock={detail.isParkingLock} />
    </SettingRow>
  );
}
