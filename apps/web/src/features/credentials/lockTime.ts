import { HOUR_MS, localHourOf, utcOfLocalHour } from '@smartlock/contract';

/** A wall-clock reading: what a clock on the wall shows (month 0 to 11), with no time zone attached. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** What a lock's clock shows at an instant, for a lock `offsetMs` from UTC. */
export function lockWallClock(epochMs: number, offsetMs: number): WallClock {
  const date = new Date(epochMs + offsetMs);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

/** The instant a lock's clock shows a wall-clock reading. */
export function instantOfLockWallClock(wall: WallClock, offsetMs: number): number {
  return Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute) - offsetMs;
}

/** The start of the lock-local hour an instant falls in (offline passcodes count whole lock-local hours). */
export function lockHourStart(epochMs: number, offsetMs: number): number {
  return utcOfLocalHour(localHourOf(epochMs, offsetMs), offsetMs);
}

/** The start of the next whole lock-local hour after an instant (or the instant itself when it is one). */
export function nextLockHour(epochMs: number, offsetMs: number): number {
  const start = lockHourStart(epochMs, offsetMs);
  return start === epochMs ? start : start + HOUR_MS;
}

/** Whether an instant is a whole lock-local hour. */
export function isWholeLockHour(epochMs: number, offsetMs: number): boolean {
  return lockHourStart(epochMs, offsetMs) === epochMs;
}
