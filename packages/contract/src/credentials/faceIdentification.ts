import { FaceIdentifyFrequency } from '../enums/account';
import { DAY_MS } from '../validation/time';

/**
 * When an eKey holder must identify their face again (spec: face identify frequency 1 first time
 * only, 2 daily, 3 weekly, 4 monthly), counted in the lock's time: 0 (now) before the first
 * identification; after one, the start of the next day, week (Monday) or month in the lock's
 * time; null for "first time only" once done. `offsetMs` is the lock's offset from UTC.
 */
export function faceIdentificationDueFrom(frequency: number, lastAt: number | null, offsetMs: number): number | null {
  if (lastAt === null) return 0;
  const local = new Date(lastAt + offsetMs);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  switch (frequency) {
    case FaceIdentifyFrequency.daily:
      return dayStart + DAY_MS - offsetMs;
    case FaceIdentifyFrequency.weekly: {
      const sinceMonday = (local.getUTCDay() + 6) % 7;
      return dayStart + (7 - sinceMonday) * DAY_MS - offsetMs;
    }
    case FaceIdentifyFrequency.monthly:
      return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - offsetMs;
    default:
      return null;
  }
}

/** Whether an identification is due at `now`. */
export function faceIdentificationDue(
  frequency: number,
  lastAt: number | null,
  now: number,
  offsetMs: number,
): boolean {
  const from = faceIdentificationDueFrom(frequency, lastAt, offsetMs);
  return from !== null && now >= from;
}
