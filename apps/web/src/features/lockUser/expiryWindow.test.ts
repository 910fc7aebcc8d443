import { describe, expect, it } from 'vitest';
import { addLocalDays, isRangeAllowed, presetOf, presetRange, rangeDays, windowOf } from './expiryWindow';

const NOW = new Date(2026, 10, 22, 14, 30).getTime();
const midnight = (year: number, month: number, day: number) => new Date(year, month, day).getTime();

describe('about-to-expire window', () => {
  it('starts today and ends a week later by default', () => {
    expect(presetRange(NOW)).toEqual([midnight(2026, 10, 22), midnight(2026, 10, 29)]);
    expect(presetRange(NOW, 30)[1]).toBe(midnight(2026, 11, 22));
  });

  it('counts both ends of a range', () => {
    expect(rangeDays([midnight(2026, 10, 22), midnight(2026, 10, 22)])).toBe(1);
    expect(rangeDays(presetRange(NOW))).toBe(8);
  });

  it('asks the server for the whole last day', () => {
    expect(windowOf([midnight(2026, 10, 22), midnight(2026, 10, 29)])).toEqual({
      startDate: midnight(2026, 10, 22),
      endDate: midnight(2026, 10, 30),
    });
  });

  it('refuses more than 366 days, and a range that ends before it starts', () => {
    const first = midnight(2026, 0, 1);
    expect(isRangeAllowed([first, addLocalDays(first, 365)])).toBe(true);
    expect(isRangeAllowed([first, addLocalDays(first, 366)])).toBe(false);
    expect(isRangeAllowed([first, addLocalDays(first, -1)])).toBe(false);
    expect(isRangeAllowed(presetRange(NOW, 90))).toBe(true);
  });

  it('recognizes a preset range, and not another one', () => {
    expect(presetOf(presetRange(NOW, 30), NOW)).toBe(30);
    expect(presetOf([midnight(2026, 10, 23), midnight(2026, 10, 30)], NOW)).toBeUndefined();
  });
});
