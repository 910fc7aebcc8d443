import {
  ALERT_DEFAULTS,
  ALERT_KINDS,
  AlertDelivery,
  type AlertDeliveryName,
  AlertKind,
  type AlertKindName,
  type AlertSettings,
  LockRecordType,
  UNLOCK_RECORD_TYPES,
} from '@smartlock/contract';
import type { AlertSettingsRow } from './alertQueries';

const DAY_MS = 86_400_000;

/** The account's rules: its own settings, else the defaults (every kind in the console only). */
export function settingsOf(row: AlertSettingsRow | undefined): AlertSettings {
  return row ? { ...row, delivery: { ...row.delivery } } : { ...ALERT_DEFAULTS, delivery: {} };
}

/** How an alert of the kind reaches the owner besides the console. */
export function deliveryOf(settings: AlertSettings, kind: string): AlertDeliveryName {
  const chosen = settings.delivery[kind];
  return chosen === AlertDelivery.email || chosen === AlertDelivery.sms ? chosen : AlertDelivery.console;
}

/** The minute of the lock's own day (0–1439) at a moment, from its timezone offset. */
export function lockMinuteOfDay(at: number, timezoneRawOffset: number): number {
  const local = (((at + timezoneRawOffset) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.floor(local / 60_000);
}

/**
 * Whether a moment falls in the daily quiet hours [start, end) of the lock's day; a window
 * whose end comes before its start runs past midnight (22:00–06:00); start equal to end: none.
 */
export function inQuietHours(at: number, timezoneRawOffset: number, start: number, end: number): boolean {
  if (start === end) return false;
  const minute = lockMinuteOfDay(at, timezoneRawOffset);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Records that are tamper or alarm reports of the lock. */
const TAMPER_RECORDS: ReadonlySet<number> = new Set([
  LockRecordType.tamperAlert,
  LockRecordType.forcedOpenAlert,
  LockRecordType.wrongCredentialLockout,
]);

/** The alert a single record raises by itself, if any: tamper and alarms, the lock's own low battery and door-open alarms. */
export function alertKindOfRecord(recordType: number): AlertKindName | undefined {
  if (TAMPER_RECORDS.has(recordType)) return AlertKind.tamper;
  if (recordType === LockRecordType.lowBatteryAlert) return AlertKind.batteryLow;
  if (recordType === LockRecordType.doorNotClosedAlert) return AlertKind.doorLeftOpen;
  return undefined;
}

/** Whether the record is an unlock that happened (what quiet hours watch). */
export function isUnlock(recordType: number, success: number): boolean {
  return success === 1 && UNLOCK_RECORD_TYPES.has(recordType);
}

/** The settings a call asks for, as stored: the delivery of each kind named. */
export function settingsFromParams(
  params: Omit<AlertSettings, 'delivery'> & Record<string, unknown>,
): AlertSettingsRow {
  const delivery: Record<string, string> = {};
  for (const kind of ALERT_KINDS) {
    const chosen = params[kind];
    if (chosen === AlertDelivery.email || chosen === AlertDelivery.sms) delivery[kind] = chosen;
  }
  return {
    batteryPercent: params.batteryPercent,
    gatewayOfflineMinutes: params.gatewayOfflineMinutes,
    wrongPasscodeCount: params.wrongPasscodeCount,
    wrongPasscodeMinutes: params.wrongPasscodeMinutes,
    doorOpenMinutes: params.doorOpenMinutes,
    quietStart: params.quietStart,
    quietEnd: params.quietEnd,
    delivery,
  };
}
