import { ekey, ValidityType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  endMinuteOf,
  endOfLocalDay,
  newValidity,
  sameValidity,
  startOfLocalDay,
  type ValidityDraft,
  validityIssue,
  validityOf,
  validityParams,
} from './validity';

const NOW = Date.UTC(2026, 4, 12, 9, 30, 45);
const HOUR = 3_600_000;
const draft = (change: Partial<ValidityDraft>): ValidityDraft => ({ ...newValidity(NOW), ...change });
const sendable = (params: object) =>
  ekey.send.params.safeParse({ lockId: 7, receiverUsername: 'bo@example.com', ...params }).success;

describe('the validity editor → call parameters', () => {
  it('sends permanent with no dates', () => {
    expect(validityParams(draft({ type: ValidityType.permanent }))).toEqual({ validityType: 1 });
    expect(sendable(validityParams(newValidity(NOW)))).toBe(true);
  });

  it('sends limited and once as epoch milliseconds', () => {
    const range: [number, number] = [NOW + HOUR, NOW + 5 * HOUR];
    expect(validityParams(draft({ type: ValidityType.limited, range }))).toEqual({
      validityType: 2,
      startDate: NOW + HOUR,
      endDate: NOW + 5 * HOUR,
    });
    const once = validityParams(draft({ type: ValidityType.once, range }));
    expect(once).toEqual({ validityType: 3, startDate: NOW + HOUR, endDate: NOW + 5 * HOUR });
    expect(sendable(once)).toBe(true);
  });

  it('sends a cyclic key with its dates and the cycle as JSON {weekDays, startMinute, endMinute}', () => {
    const days: [number, number] = [Date.UTC(2026, 5, 1), Date.UTC(2026, 6, 1) - 1];
    const params = validityParams(
      draft({ type: ValidityType.cyclic, days, weekDays: [5, 1, 3, 1], startMinute: 480, endMinute: 1440 }),
    );
    expect(params).toEqual({
      validityType: 4,
      startDate: days[0],
      endDate: days[1],
      cycle: '{"weekDays":[1,3,5],"startMinute":480,"endMinute":1440}',
    });
    expect(sendable(params)).toBe(true);
    expect(ekey.changePeriod.params.safeParse({ keyId: 3, ...params }).success).toBe(true);
  });

  it('starts from now to the minute, and cyclic from today for 30 days on working days', () => {
    const fresh = newValidity(NOW);
    expect(fresh.type).toBe(ValidityType.permanent);
    expect(fresh.range).toEqual([Date.UTC(2026, 4, 12, 9, 30), Date.UTC(2026, 4, 19, 9, 30)]);
    expect(fresh.days?.[0]).toBe(startOfLocalDay(NOW));
    expect(fresh.days?.[1]).toBe(endOfLocalDay(NOW + 30 * 24 * HOUR));
    expect(fresh.weekDays).toEqual([1, 2, 3, 4, 5]);
    expect([fresh.startMinute, fresh.endMinute]).toEqual([480, 1080]);
  });

  it('reads an existing key back for a change of validity', () => {
    const limited = validityOf({ validityType: 2, startDate: NOW - HOUR, endDate: NOW + HOUR, cycle: null }, NOW);
    expect(limited).toMatchObject({ type: 2, range: [NOW - HOUR, NOW + HOUR] });
    const cyclic = validityOf(
      {
        validityType: 4,
        startDate: NOW,
        endDate: NOW + 10 * 24 * HOUR,
        cycle: { weekDays: [7, 6], startMinute: 60, endMinute: 120 },
      },
      NOW,
    );
    expect(cyclic).toMatchObject({ type: 4, weekDays: [6, 7], startMinute: 60, endMinute: 120 });
    expect(cyclic.days).toEqual([startOfLocalDay(NOW), endOfLocalDay(NOW + 10 * 24 * HOUR)]);
    expect(sameValidity(cyclic, { ...cyclic })).toBe(true);
    expect(sameValidity(cyclic, { ...cyclic, endMinute: 180 })).toBe(false);
    // An unknown type reads as permanent.
    expect(validityOf({ validityType: 9, startDate: null, endDate: null, cycle: null }, NOW).type).toBe(1);
  });

  it('reads a clock end of 00:00 as the end of the day', () => {
    expect(endMinuteOf(0, 0)).toBe(1440);
    expect(endMinuteOf(18, 30)).toBe(1110);
  });
});

describe('the validity editor checks with the contract rules', () => {
  it('accepts a permanent key and a range that ends after now', () => {
    expect(validityIssue(draft({ type: ValidityType.permanent }), NOW)).toBeUndefined();
    expect(validityIssue(draft({ type: ValidityType.limited }), NOW)).toBeUndefined();
    expect(validityIssue(draft({ type: ValidityType.cyclic }), NOW)).toBeUndefined();
  });
  it('names what is wrong', () => {
    expect(validityIssue(draft({ type: ValidityType.once, range: undefined }), NOW)).toEqual({
      key: 'validity.rangeRequired',
    });
    expect(validityIssue(draft({ type: ValidityType.limited, range: [NOW + HOUR, NOW + HOUR] }), NOW)).toEqual({
      key: 'errors.startNotBeforeEnd',
    });
    expect(validityIssue(draft({ type: ValidityType.limited, range: [NOW - 5 * HOUR, NOW - HOUR] }), NOW)).toEqual({
      key: 'errors.endInPast',
    });
    expect(validityIssue(draft({ type: ValidityType.cyclic, weekDays: [] }), NOW)).toEqual({
      key: 'validity.weekdaysRequired',
    });
    expect(validityIssue(draft({ type: ValidityType.cyclic, startMinute: 600, endMinute: 600 }), NOW)).toEqual({
      key: 'errors.startNotBeforeEnd',
    });
    expect(validityIssue(draft({ type: ValidityType.cyclic, days: undefined }), NOW)).toEqual({
      key: 'validity.rangeRequired',
    });
  });
});
