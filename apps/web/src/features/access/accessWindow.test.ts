import { describe, expect, it } from 'vitest';
import { accessFileName, periodAllowed, whenParams } from './accessWindow';

const DAY = 86_400_000;
const NOON = new Date(2026, 10, 27, 12, 0).getTime();

describe('the question the access screen asks', () => {
  it('sends a moment alone and a period with its end', () => {
    expect(whenParams({ kind: 'moment', at: NOON })).toEqual({ startDate: NOON });
    expect(whenParams({ kind: 'period', from: NOON, to: NOON + DAY })).toEqual({
      startDate: NOON,
      endDate: NOON + DAY,
    });
  });

  it('allows periods of up to 31 days that end after they start', () => {
    expect(periodAllowed(NOON, NOON + 31 * DAY)).toBe(true);
    expect(periodAllowed(NOON, NOON + 31 * DAY + 1)).toBe(false);
    expect(periodAllowed(NOON, NOON)).toBe(false);
  });

  it('names the file after the lock and the day or days asked about', () => {
    expect(accessFileName('Front door', { kind: 'moment', at: NOON }, 'csv')).toBe('Front door-2026-11-27.csv');
    expect(accessFileName('A/B', { kind: 'period', from: NOON, to: NOON + 2 * DAY }, 'xlsx')).toBe(
      'A_B-2026-11-27_2026-11-29.xlsx',
    );
  });
});
