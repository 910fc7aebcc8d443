import { describe, expect, it } from 'vitest';
import {
  addMonths,
  DAY_MS,
  HOUR_MS,
  validatePasscodeStart,
  validatePasscodeValidity,
  validateTimeRange,
  validateWithinEditorValidity,
} from './time';

const now = Date.UTC(2026, 10, 22, 10, 0);

describe('time range', () => {
  it('accepts a start before an end that is not past', () => {
    expect(validateTimeRange({ start: now - HOUR_MS, end: now + HOUR_MS }, now).ok).toBe(true);
    expect(validateTimeRange({ start: now - HOUR_MS, end: now }, now).ok).toBe(true);
  });
  it('refuses a start equal to or after the end', () => {
    expect(validateTimeRange({ start: now + HOUR_MS, end: now + HOUR_MS }, now)).toMatchObject({
      error: 'startNotBeforeEnd',
    });
    expect(validateTimeRange({ start: now + 2 * HOUR_MS, end: now + HOUR_MS }, now)).toMatchObject({
      error: 'startNotBeforeEnd',
    });
  });
  it('refuses an end in the past', () => {
    expect(validateTimeRange({ start: now - 2 * HOUR_MS, end: now - 1 }, now)).toMatchObject({ error: 'endInPast' });
  });
});

describe('passcode validity', () => {
  it('adds calendar months, clamping the day', () => {
    expect(new Date(addMonths(Date.UTC(2026, 0, 31), 1)).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2026, 4, 15), -6)).toISOString()).toBe('2025-11-15T00:00:00.000Z');
  });

  it('accepts up to exactly three years when day and hour match', () => {
    expect(validatePasscodeValidity({ start: now, end: addMonths(now, 36) }).ok).toBe(true);
  });
  it('refuses more than three years', () => {
    expect(validatePasscodeValidity({ start: now, end: addMonths(now, 36) + HOUR_MS })).toMatchObject({
      error: 'passcodeValidityTooLong',
    });
  });
  it('accepts any alignment up to one year', () => {
    expect(validatePasscodeValidity({ start: now, end: addMonths(now, 12) }).ok).toBe(true);
    expect(validatePasscodeValidity({ start: now, end: now + 5 * DAY_MS + 3 * HOUR_MS }).ok).toBe(true);
  });
  it('needs the same day and hour above one year', () => {
    expect(validatePasscodeValidity({ start: now, end: addMonths(now, 13) + HOUR_MS })).toMatchObject({
      error: 'passcodeLongValidityAlignment',
    });
    expect(validatePasscodeValidity({ start: now, end: addMonths(now, 13) + DAY_MS })).toMatchObject({
      error: 'passcodeLongValidityAlignment',
    });
    expect(validatePasscodeValidity({ start: now, end: addMonths(now, 13) + 30 * 60_000 }).ok).toBe(true);
  });
  it("compares day and hour in the lock's timezone", () => {
    const start = Date.UTC(2026, 0, 1, 23, 0);
    const end = Date.UTC(2027, 5, 2, 0, 0);
    expect(validatePasscodeValidity({ start, end }, 0).ok).toBe(false);
    // At UTC+10 both fall on the 2nd at 09:00 local time.
    expect(validatePasscodeValidity({ start, end: Date.UTC(2027, 5, 1, 23, 0) }, 10 * HOUR_MS).ok).toBe(true);
  });
  it('lets a timed passcode start at most 24 hours ago', () => {
    expect(validatePasscodeStart(now - DAY_MS, now).ok).toBe(true);
    expect(validatePasscodeStart(now - DAY_MS - 1, now)).toMatchObject({ error: 'passcodeStartTooEarly' });
  });
});

describe("editor's own validity", () => {
  const editor = { start: now, end: now + 10 * DAY_MS };
  it('accepts a span inside it and anything for a permanent editor', () => {
    expect(validateWithinEditorValidity({ start: now, end: now + 10 * DAY_MS }, editor).ok).toBe(true);
    expect(validateWithinEditorValidity('permanent', undefined).ok).toBe(true);
  });
  it('refuses a span reaching past it, or a permanent one', () => {
    expect(validateWithinEditorValidity({ start: now, end: now + 10 * DAY_MS + 1 }, editor)).toMatchObject({
      error: 'validityBeyondEditor',
    });
    expect(validateWithinEditorValidity({ start: now - 1, end: now + DAY_MS }, editor).ok).toBe(false);
    expect(validateWithinEditorValidity('permanent', editor).ok).toBe(false);
  });
});
