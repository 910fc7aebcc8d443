export { type PassagePeriod, passagePeriodSchema } from '@smartlock/contract';

import type { PassagePeriod } from '@smartlock/contract';

/** Weekday (1 Monday to 7 Sunday) and minute of the day of a lock-local time. */
export function localMoment(lockTime: number, timezoneRawOffset: number): { weekDay: number; minute: number } {
  const local = new Date(lockTime + timezoneRawOffset);
  return {
    weekDay: ((local.getUTCDay() + 6) % 7) + 1,
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** Whether a lock-local moment falls inside one of the periods. */
export function inPassagePeriod(periods: readonly PassagePeriod[], lockTime: number, timezoneRawOffset: number) {
  const { weekDay, minute } = localMoment(lockTime, timezoneRawOffset);
  return periods.some((p) => p.weekDays.includes(weekDay) && minute >= p.startMinute && minute < p.endMinute);
}

/** Milliseconds until the next minute boundary of the lock's clock (when passage mode may change). */
export function msToNextMinute(lockTime: number): number {
  return 60_000 - (((lockTime % 60_000) + 60_000) % 60_000);
}
