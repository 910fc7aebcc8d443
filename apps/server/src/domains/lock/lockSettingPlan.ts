import {
  DaylightSavingReminder,
  type DeviceCommandName,
  hasFeature,
  type LockFeatureName,
  LockSetting,
  LockSwitch,
  type PassagePeriod,
  RoomStatus,
  validateAutoLockTime,
  validatePassagePeriods,
  valuesOf,
} from '@smartlock/contract';
import { ApiError, assertVerdict } from '../../http/apiError';
import type { LockRow } from './lockQueries';

/** The device command that changes a lock's setting, and its params. */
export interface LockSettingCommand {
  command: DeviceCommandName;
  params: Record<string, unknown>;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const TIMEZONE_RANGE_MS = { min: -12 * 3_600_000, max: 14 * 3_600_000 } as const;

/** The lock has the feature, or the operation is not supported. */
export function requireLockFeature(lock: LockRow, feature: LockFeatureName): void {
  if (!hasFeature(lock.featureValue, feature)) throw new ApiError('operationNotSupported', {}, feature);
}

/**
 * A switch or the hotel room status: the room status needs a hotel lock and is checked in or
 * empty; switch values must be the switch's own.
 */
export function planSetting(lock: LockRow, setting: { type: string; value: number } | undefined): LockSettingCommand {
  if (!setting) throw new ApiError('badParameter', {}, 'type and value');
  if (setting.type === LockSetting.roomStatus) {
    requireLockFeature(lock, 'hotelLock');
    if (setting.value !== RoomStatus.checkedIn && setting.value !== RoomStatus.empty) {
      throw new ApiError('badParameter', {}, 'value');
    }
    return { command: 'setRoomStatus', params: { status: setting.value } };
  }
  const allowed = setting.type === LockSwitch.hotelMode ? [0, 1] : [1, 2];
  if (!allowed.includes(setting.value)) throw new ApiError('badParameter', {}, 'value');
  return { command: 'setSwitch', params: { name: setting.type, value: setting.value } };
}

/** Auto-lock after so many seconds: a lock with the auto-lock feature, a time the spec allows. */
export function planAutoLockTime(lock: LockRow, seconds: number | undefined): LockSettingCommand {
  requireLockFeature(lock, 'autoLock');
  assertVerdict(validateAutoLockTime(seconds ?? Number.NaN), 'seconds');
  return { command: 'setAutoLock', params: { seconds } };
}

/** The lock's UTC offset: whole quarter hours from -12 h to +14 h. */
export function planTimezone(timezoneRawOffset: number | undefined): LockSettingCommand {
  const offset = timezoneRawOffset ?? Number.NaN;
  if (
    !Number.isInteger(offset) ||
    offset < TIMEZONE_RANGE_MS.min ||
    offset > TIMEZONE_RANGE_MS.max ||
    offset % QUARTER_HOUR_MS !== 0
  ) {
    throw new ApiError('badParameter', {}, 'timezoneRawOffset');
  }
  return { command: 'setTimezone', params: { offset } };
}

/** Passage mode on or off with its periods: a lock with the passage-mode feature, valid periods. */
export function planPassageMode(
  lock: LockRow,
  passageMode: { enabled: boolean; periods: PassagePeriod[] } | undefined,
): LockSettingCommand {
  requireLockFeature(lock, 'passageMode');
  const passage = passageMode ?? { enabled: false, periods: [] };
  assertVerdict(validatePassagePeriods(passage.periods, passage.enabled), 'periods');
  return { command: 'setPassageMode', params: passage };
}

/** The daylight-saving reminder, the cloud's own setting (no command): one of its values, or a bad parameter. */
export function checkedDaylightSavingReminder(value: number): number {
  if (!valuesOf(DaylightSavingReminder).includes(value as 1)) throw new ApiError('badParameter', {}, 'value');
  return value;
}
