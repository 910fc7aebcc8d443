import { AlertKind, LockRecordType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { alertKindOfRecord, deliveryOf, inQuietHours, isUnlock, lockMinuteOfDay, settingsOf } from './alertRules';

const HOUR = 3_600_000;
const day = Date.UTC(2026, 10, 20);

describe('alert rules', () => {
  it('reads the minute of the lock’s own day from its timezone offset, either side of UTC', () => {
    expect(lockMinuteOfDay(day + 15.5 * HOUR, 8 * HOUR)).toBe(23 * 60 + 30);
    expect(lockMinuteOfDay(day + 2 * HOUR, -5 * HOUR)).toBe(21 * 60);
    expect(lockMinuteOfDay(day, 5.5 * HOUR)).toBe(5 * 60 + 30);
  });

  it('quiet hours run past midnight when they end before they start, and none when start equals end', () => {
    const quiet = (utcHour: number, offset: number) => inQuietHours(day + utcHour * HOUR, offset, 22 * 60, 6 * 60);
    expect(quiet(14, 8 * HOUR)).toBe(true); // 22:00 at the lock: the first quiet minute
    expect(quiet(13.99, 8 * HOUR)).toBe(false);
    expect(quiet(21.99, 8 * HOUR)).toBe(true); // 05:59 the next day
    expect(quiet(22, 8 * HOUR)).toBe(false); // 06:00: over
    expect(quiet(14, 0)).toBe(false); // the same moment at a lock in UTC
    expect(inQuietHours(day + 9 * HOUR, 0, 9 * 60, 17 * 60)).toBe(true);
    expect(inQuietHours(day + 17 * HOUR, 0, 9 * 60, 17 * 60)).toBe(false);
    expect(inQuietHours(day, 0, 600, 600)).toBe(false);
  });

  it('maps the lock’s own alarm records to alert kinds, and only successful unlocks count for quiet hours', () => {
    expect(alertKindOfRecord(LockRecordType.tamperAlert)).toBe(AlertKind.tamper);
    expect(alertKindOfRecord(LockRecordType.forcedOpenAlert)).toBe(AlertKind.tamper);
    expect(alertKindOfRecord(LockRecordType.lowBatteryAlert)).toBe(AlertKind.batteryLow);
    expect(alertKindOfRecord(LockRecordType.doorNotClosedAlert)).toBe(AlertKind.doorLeftOpen);
    expect(alertKindOfRecord(LockRecordType.passcodeUnlock)).toBeUndefined();
    expect(isUnlock(LockRecordType.cardUnlock, 1)).toBe(true);
    expect(isUnlock(LockRecordType.cardUnlock, 0)).toBe(false);
    expect(isUnlock(LockRecordType.wrongPasscode, 1)).toBe(false);
  });

  it('gives an account without settings the defaults, every kind in the console only', () => {
    const defaults = settingsOf(undefined);
    expect(defaults).toMatchObject({ batteryPercent: 20, gatewayOfflineMinutes: 10, wrongPasscodeCount: 5 });
    expect(deliveryOf(defaults, AlertKind.tamper)).toBe('console');
    expect(deliveryOf({ ...defaults, delivery: { tamper: 'sms', batteryLow: 'pigeon' } }, AlertKind.tamper)).toBe(
      'sms',
    );
    expect(deliveryOf({ ...defaults, delivery: { batteryLow: 'pigeon' } }, AlertKind.batteryLow)).toBe('console');
  });
});
