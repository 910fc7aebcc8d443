import { describe, expect, it } from 'vitest';
import { weekdayName } from './weekdays';

describe('weekday names', () => {
  it('run Monday (1) to Sunday (7) in the console language', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => weekdayName(day, 'en_US'))).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(weekdayName(1, 'de_DE')).toMatch(/^Mo/);
    expect(weekdayName(7, 'zh_CN')).toMatch(/日/);
  });
});
