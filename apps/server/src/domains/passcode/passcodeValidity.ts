import {
  HOUR_MS,
  localHourOf,
  MAX_START_AHEAD_HOURS,
  type Span,
  validatePasscodeStart,
  validatePasscodeValidity,
  validateTimeRange,
  validateWithinEditorValidity,
} from '@smartlock/contract';
import { ApiError, assertVerdict } from '../../http/apiError';

/** A passcode's dates checked by section 5: start before end, end not past, start at most 24 h back, at most 3 years. */
export function passcodeSpan(
  dates: { startDate?: number | undefined; endDate?: number | undefined },
  offsetMs: number,
  editorSpan: Span | undefined,
  now = Date.now(),
): Span | undefined {
  if (dates.startDate === undefined && dates.endDate === undefined) {
    assertVerdict(validateWithinEditorValidity('permanent', editorSpan), 'endDate');
    return undefined;
  }
  if (dates.startDate === undefined) throw new ApiError('badParameter', {}, 'startDate');
  if (dates.endDate === undefined) throw new ApiError('badParameter', {}, 'endDate');
  const span = { start: dates.startDate, end: dates.endDate };
  assertVerdict(validateTimeRange(span, now), 'endDate');
  assertVerdict(validatePasscodeValidity(span, offsetMs), 'endDate');
  assertVerdict(validatePasscodeStart(span.start, now), 'startDate');
  assertVerdict(validateWithinEditorValidity(span, editorSpan), 'endDate');
  return span;
}

/** An offline code's instant must be a whole hour of the lock's time. */
export function requireWholeHour(utcMs: number, offsetMs: number, field: string): void {
  if ((((utcMs + offsetMs) % HOUR_MS) + HOUR_MS) % HOUR_MS !== 0)
    throw new ApiError('badParameter', {}, `${field}: whole hours`);
}

/** The start of the lock's current hour. */
export function currentLockHour(offsetMs: number, now = Date.now()): number {
  return localHourOf(now, offsetMs) * HOUR_MS - offsetMs;
}

/** An offline code starts at most MAX_START_AHEAD_HOURS ahead of the lock's current hour. */
export function requireStartWithinReach(startMs: number, offsetMs: number, now = Date.now()): void {
  if (localHourOf(startMs, offsetMs) - localHourOf(now, offsetMs) > MAX_START_AHEAD_HOURS) {
    throw new ApiError('passcodeStartTooFar');
  }
}
