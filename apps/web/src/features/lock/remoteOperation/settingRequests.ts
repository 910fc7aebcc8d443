import {
  type DaylightSavingReminder,
  LockSetting,
  type LockSwitch,
  type PassagePeriod,
  type RoomStatus,
} from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';

export type SwitchName = (typeof LockSwitch)[keyof typeof LockSwitch];
export type RoomStatusValue = (typeof RoomStatus)[keyof typeof RoomStatus];
export type DaylightSavingValue = (typeof DaylightSavingReminder)[keyof typeof DaylightSavingReminder];

/** A change to a lock's settings; each answers with a remote operation the console follows. */
export type SettingRequest =
  | { action: 'setSwitch'; name: SwitchName; value: number }
  | { action: 'setRoomStatus'; value: RoomStatusValue }
  | { action: 'setDaylightSavingReminder'; value: DaylightSavingValue }
  | { action: 'setAutoLockTime'; seconds: number }
  | { action: 'setTimezone'; offsetMs: number }
  | { action: 'setPassageMode'; passageMode: number; periods: readonly PassagePeriod[] };

export type SettingAction = SettingRequest['action'];

export const SETTING_ACTIONS: readonly SettingAction[] = [
  'setSwitch',
  'setRoomStatus',
  'setDaylightSavingReminder',
  'setAutoLockTime',
  'setTimezone',
  'setPassageMode',
];

type SettingCall =
  | typeof lock.updateSetting
  | typeof lock.setAutoLockTime
  | typeof lock.changeTimezoneRawOffset
  | typeof lock.configPassageMode;

/** The call that starts a settings change on a lock, with its parameters (form fields are text: periods as JSON). */
export function settingStart(
  request: SettingRequest,
  lockId: number,
): { call: SettingCall; params: Record<string, string | number> } {
  switch (request.action) {
    case 'setSwitch':
      return { call: lock.updateSetting, params: { lockId, type: request.name, value: request.value } };
    case 'setRoomStatus':
      return { call: lock.updateSetting, params: { lockId, type: LockSetting.roomStatus, value: request.value } };
    case 'setDaylightSavingReminder':
      return {
        call: lock.updateSetting,
        params: { lockId, type: LockSetting.daylightSavingReminder, value: request.value },
      };
    case 'setAutoLockTime':
      return { call: lock.setAutoLockTime, params: { lockId, seconds: request.seconds } };
    case 'setTimezone':
      return { call: lock.changeTimezoneRawOffset, params: { lockId, timezoneRawOffset: request.offsetMs } };
    case 'setPassageMode':
      return {
        call: lock.configPassageMode,
        params: { lockId, passageMode: request.passageMode, periods: JSON.stringify(request.periods) },
      };
  }
}
