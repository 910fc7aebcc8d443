import { describe, expect, it } from 'vitest';
import { validatePassagePeriods } from './passageMode';

const period = (weekDays: number[], startMinute: number, endMinute: number) => ({ weekDays, startMinute, endMinute });

describe('passage-mode periods', () => {
  it('accepts several periods that do not overlap, and all day', () => {
    expect(
      validatePassagePeriods([period([1, 2, 3, 4, 5], 480, 720), period([1, 2, 3, 4, 5], 780, 1080)], true),
    ).toEqual({
      ok: true,
    });
    expect(validatePassagePeriods([period([6, 7], 0, 1440), period([1], 0, 600)], true).ok).toBe(true);
    expect(validatePassagePeriods([], false).ok).toBe(true);
  });

  it('refuses none when on, inverted or empty periods, and overlaps on a shared weekday', () => {
    expect(validatePassagePeriods([], true)).toMatchObject({ error: 'selectAtLeastOneTimePeriod' });
    expect(validatePassagePeriods([period([1], 600, 480)], true)).toMatchObject({ error: 'startNotBeforeEnd' });
    expect(validatePassagePeriods([period([1], 600, 600)], true)).toMatchObject({ error: 'startNotBeforeEnd' });
    expect(validatePassagePeriods([period([], 0, 60)], true)).toMatchObject({ error: 'selectAtLeastOneTimePeriod' });
    expect(validatePassagePeriods([period([1, 3], 480, 720), period([3], 700, 800)], true)).toMatchObject({
      error: 'passagePeriodsOverlap',
    });
    expect(validatePassagePeriods([period([1], 480, 720), period([2], 480, 720)], true).ok).toBe(true);
  });
});
