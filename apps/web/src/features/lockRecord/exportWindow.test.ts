import { RECORD_EXPORT } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { addLocalDays } from '../lockUser/expiryWindow';
import {
  EXPORT_PRESETS,
  earliestDay,
  exportWindow,
  isDayAllowed,
  isPeriodAllowed,
  presetDays,
  presetOfDays,
} from './exportWindow';

const now = new Date(2026, 10, 22, 14, 30).getTime();
const today = new Date(2026, 10, 22).getTime();
const DAY = 86_400_000;

describe('export periods', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(presetDays(now)).toEqual([new Date(2026, 10, 16).getTime(), today]);
  });
  it('offers 7, 30, 90 and 180 days, each recognised back', () => {
    expect(EXPORT_PRESETS).toEqual([7, 30, 90, 180]);
    for (const days of EXPORT_PRESETS) {
      const period = presetDays(now, days);
      expect(Math.round((period[1] - period[0]) / DAY) + 1).toBe(days);
      expect(isPeriodAllowed(period, now)).toBe(true);
      expect(presetOfDays(period, now)).toBe(days);
    }
    expect(presetOfDays([today, today], now)).toBeUndefined();
  });
  it('allows nothing before 183 days ago, nor after today', () => {
    const earliest = earliestDay(now);
    expect(earliest).toBe(addLocalDays(today, 1 - RECORD_EXPORT.maxDays));
    expect(earliest).toBeGreaterThanOrEqual(now - RECORD_EXPORT.maxDays * DAY);
    expect(isDayAllowed(earliest, now)).toBe(true);
    expect(isDayAllowed(addLocalDays(earliest, -1), now)).toBe(false);
    expect(isDayAllowed(today, now)).toBe(true);
    expect(isDayAllowed(addLocalDays(today, 1), now)).toBe(false);
    expect(isPeriodAllowed([addLocalDays(earliest, -1), today], now)).toBe(false);
    expect(isPeriodAllowed([today, addLocalDays(today, -1)], now)).toBe(false);
  });
  it('ends the window at the midnight after the last day (exclusive)', () => {
    expect(exportWindow([new Date(2026, 10, 16, 9).getTime(), today])).toEqual({
      startDate: new Date(2026, 10, 16).getTime(),
      endDate: new Date(2026, 10, 23).getTime(),
    });
  });
});
