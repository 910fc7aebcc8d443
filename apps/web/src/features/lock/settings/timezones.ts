import { TIMEZONE_OFFSET_MS } from '@smartlock/contract';
/** A lock's timezone is a UTC offset in whole quarter hours, from UTC-12:00 to UTC+14:00. */
export const QUARTER_HOUR_MS = 15 * 60_000;

/** Every offset a lock can take, west to east. */
export function timezoneOffsets(): number[] {
  const offsets: number[] = [];
  for (let ms = TIMEZONE_OFFSET_MS.min; ms <= TIMEZONE_OFFSET_MS.max; ms += QUARTER_HOUR_MS) offsets.push(ms);
  return offsets;
}

export function isTimezoneOffset(ms: number): boolean {
  return (
    Number.isInteger(ms) && ms % QUARTER_HOUR_MS === 0 && ms >= TIMEZONE_OFFSET_MS.min && ms <= TIMEZONE_OFFSET_MS.max
  );
}

/** "UTC+05:45", "UTC-03:30", "UTC+00:00". */
export function formatUtcOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/** This browser's UTC offset at a moment, in ms (for "your computer is at ..."). */
export function browserOffsetMs(at: Date = new Date()): number {
  return -at.getTimezoneOffset() * 60_000;
}
