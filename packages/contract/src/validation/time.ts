import { fail, OK, type Verdict } from './result';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A validity span in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

/** Start must be earlier than end; end cannot be earlier than now. */
export function validateTimeRange(span: Span, now: number): Verdict {
  if (!(span.start < span.end)) return fail('startNotBeforeEnd');
  if (span.end < now) return fail('endInPast');
  return OK;
}

/** Adds calendar months in UTC, clamping the day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(epochMs: number, months: number): number {
  const date = new Date(epochMs);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/**
 * Passcode validity: at most 3 years; above one year the start and end share the day of the
 * month and the hour (in the lock's timezone: pass `offsetMs`, the lock's UTC offset).
 */
export function validatePasscodeValidity(span: Span, offsetMs = 0): Verdict {
  if (span.end > addMonths(span.start, 36)) return fail('passcodeValidityTooLong');
  if (span.end > addMonths(span.start, 12)) {
    const start = new Date(span.start + offsetMs);
    const end = new Date(span.end + offsetMs);
    if (start.getUTCDate() !== end.getUTCDate() || start.getUTCHours() !== end.getUTCHours()) {
      return fail('passcodeLongValidityAlignment');
    }
  }
  return OK;
}

/** A timed passcode's start cannot be earlier than 24 hours before now. */
export function validatePasscodeStart(start: number, now: number): Verdict {
  return start < now - DAY_MS ? fail('passcodeStartTooEarly') : OK;
}

/**
 * A modified validity cannot exceed the editor's own validity. `editor` undefined means the
 * editor's own access is permanent.
 */
export function validateWithinEditorValidity(span: Span | 'permanent', editor: Span | undefined): Verdict {
  if (!editor) return OK;
  if (span === 'permanent') return fail('validityBeyondEditor');
  return span.start >= editor.start && span.end <= editor.end ? OK : fail('validityBeyondEditor');
}
