import { describe, expect, it } from 'vitest';
import { instantOfLockWallClock, isWholeLockHour, lockHourStart, lockWallClock, nextLockHour } from './lockTime';

const HOUR = 3_600_000;
const INDIA = 5.5 * HOUR;

describe("a lock's wall clock", () => {
  it('reads an instant in the lock timezone and back', () => {
    const at = Date.UTC(2026, 0, 31, 20, 15);
    expect(lockWallClock(at, INDIA)).toEqual({ year: 2026, month: 1, day: 1, hour: 1, minute: 45 });
    expect(lockWallClock(at, -5 * HOUR)).toEqual({ year: 2026, month: 0, day: 31, hour: 15, minute: 15 });
    expect(instantOfLockWallClock(lockWallClock(at, INDIA), INDIA)).toBe(at);
    expect(instantOfLockWallClock({ year: 2026, month: 5, day: 1, hour: 9, minute: 0 }, 2 * HOUR)).toBe(
      Date.UTC(2026, 5, 1, 7),
    );
  });
  it('counts whole hours of the lock, not of UTC', () => {
    const at = Date.UTC(2026, 2, 1, 10, 10);
    // 10:10 UTC is 15:40 in India: its hour started at 15:00 India time, 09:30 UTC.
    expect(lockHourStart(at, INDIA)).toBe(Date.UTC(2026, 2, 1, 9, 30));
    expect(nextLockHour(at, INDIA)).toBe(Date.UTC(2026, 2, 1, 10, 30));
    expect(nextLockHour(Date.UTC(2026, 2, 1, 9, 30), INDIA)).toBe(Date.UTC(2026, 2, 1, 9, 30));
    expect(isWholeLockHour(Date.UTC(2026, 2, 1, 9, 30), INDIA)).toBe(true);
    expect(isWholeLockHour(Date.UTC(2026, 2, 1, 9, 0), INDIA)).toBe(false);
    expect(isWholeLockHour(Date.UTC(2026, 2, 1, 9, 0), 0)).toBe(true);
  });
});
