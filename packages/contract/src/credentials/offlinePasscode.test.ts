import { describe, expect, it } from 'vitest';
import { PasscodeType } from '../enums/credential';
import { HOUR_MS } from '../validation/time';
import {
  cyclicAdmits,
  cyclicWeekDays,
  decodeOfflinePasscode,
  encodeOfflinePasscode,
  limitedEndHour,
  limitedSerials,
  localHourOf,
  OFFLINE_SERIALS,
  type OfflinePayload,
  offlineDurationOf,
  offlinePasscodeKey,
  payloadAt,
  payloadIndex,
  resolveStartHour,
  SHORT_LIMITED_HOURS,
  START_PERIOD_HOURS,
} from './offlinePasscode';

const payloads: OfflinePayload[] = [
  { type: PasscodeType.once, startResidue: 0, serial: 0 },
  { type: PasscodeType.once, startResidue: START_PERIOD_HOURS - 1, serial: 31 },
  { type: PasscodeType.permanent, startResidue: 4321, serial: 127 },
  { type: PasscodeType.clear, startResidue: 17, serial: 3 },
  { type: PasscodeType.limited, startResidue: 100, duration: { hours: 1 }, serial: 0 },
  { type: PasscodeType.limited, startResidue: 8759, duration: { hours: 8784 }, serial: 3 },
  { type: PasscodeType.limited, startResidue: 5, duration: { months: 36 }, serial: 2 },
  { type: PasscodeType.limited, startResidue: 200, duration: { hours: 46 }, serial: 4 },
  { type: PasscodeType.limited, startResidue: 8759, duration: { hours: SHORT_LIMITED_HOURS }, serial: 31 },
  { type: PasscodeType.limited, startResidue: 0, duration: { hours: 1 }, serial: 17 },
  { type: PasscodeType.cyclic, subtype: 5, fromHour: 0, toHour: 24, serial: 0 },
  { type: PasscodeType.cyclic, subtype: 14, fromHour: 22, toHour: 23, serial: 63 },
];

describe('offline passcode payloads', () => {
  it.each(payloads)('index and payload map one to one for %j', (payload) => {
    const index = payloadIndex(payload);
    expect(index).toBeTypeOf('number');
    expect(payloadAt(index as number)).toEqual(payload);
  });

  it('refuses payloads out of range', () => {
    expect(payloadIndex({ type: PasscodeType.once, startResidue: START_PERIOD_HOURS, serial: 0 })).toBeUndefined();
    expect(payloadIndex({ type: PasscodeType.once, startResidue: 0, serial: 32 })).toBeUndefined();
    expect(
      payloadIndex({ type: PasscodeType.limited, startResidue: 0, duration: { hours: 0 }, serial: 0 }),
    ).toBeUndefined();
    expect(
      payloadIndex({ type: PasscodeType.limited, startResidue: 0, duration: { months: 12 }, serial: 0 }),
    ).toBeUndefined();
    expect(
      payloadIndex({ type: PasscodeType.limited, startResidue: 0, duration: { hours: 46 }, serial: 32 }),
    ).toBeUndefined();
    expect(
      payloadIndex({
        type: PasscodeType.limited,
        startResidue: 0,
        duration: { hours: SHORT_LIMITED_HOURS + 1 },
        serial: 4,
      }),
    ).toBeUndefined();
    expect(payloadIndex({ type: PasscodeType.cyclic, subtype: 4, fromHour: 0, toHour: 1, serial: 0 })).toBeUndefined();
    expect(payloadIndex({ type: PasscodeType.cyclic, subtype: 6, fromHour: 9, toHour: 9, serial: 0 })).toBeUndefined();
  });

  it('gives limited codes of up to 31 days 32 serials, longer ones 4', () => {
    expect(limitedSerials({ hours: 22 })).toBe(OFFLINE_SERIALS.shortLimited);
    expect(limitedSerials({ hours: SHORT_LIMITED_HOURS })).toBe(32);
    expect(limitedSerials({ hours: SHORT_LIMITED_HOURS + 1 })).toBe(OFFLINE_SERIALS.limited);
    expect(limitedSerials({ months: 13 })).toBe(4);
  });

  it('keeps the meaning of codes issued before short limited codes had more serials', () => {
    // Pinned: the first four serials of a limited code and the cyclic codes sit where they always did.
    expect(payloadIndex({ type: PasscodeType.limited, startResidue: 100, duration: { hours: 1 }, serial: 0 })).toBe(
      4_959_840,
    );
    expect(payloadIndex({ type: PasscodeType.cyclic, subtype: 5, fromHour: 0, toHour: 24, serial: 0 })).toBe(
      310_070_432,
    );
    // The further serials come after every older segment, and all fit below 10^9.
    expect(payloadIndex({ type: PasscodeType.limited, startResidue: 8759, duration: { hours: 744 }, serial: 31 })).toBe(
      492_925_919,
    );
  });

  it('leaves the numbers past the last segment without a payload', () => {
    expect(payloadAt(999_999_999)).toBeUndefined();
    expect(payloadAt(492_925_920)).toBeUndefined();
    expect(payloadAt(492_925_919)).toMatchObject({ type: PasscodeType.limited, serial: 31 });
  });
});

describe('offline passcode codes', () => {
  it('encodes 9 digits that decode to the same payload with the same key only', async () => {
    const key = await offlinePasscodeKey('lock-secret-a');
    const other = await offlinePasscodeKey('lock-secret-b');
    for (const payload of payloads) {
      const code = await encodeOfflinePasscode(key, payload);
      expect(code).toMatch(/^[0-9]{9}$/);
      expect(await decodeOfflinePasscode(key, code)).toEqual(payload);
      expect(await decodeOfflinePasscode(other, code)).not.toEqual(payload);
    }
  });

  it('gives different codes for different serials', async () => {
    const key = await offlinePasscodeKey('lock-secret-a');
    const codes = new Set<string>();
    for (let serial = 0; serial < 32; serial++) {
      codes.add(await encodeOfflinePasscode(key, { type: PasscodeType.once, startResidue: 9, serial }));
    }
    expect(codes.size).toBe(32);
  });

  it('accepts only 9 digits', async () => {
    const key = await offlinePasscodeKey('lock-secret-a');
    expect(await decodeOfflinePasscode(key, '12345678')).toBeUndefined();
    expect(await decodeOfflinePasscode(key, '12345678a')).toBeUndefined();
  });

  it('decodes about half of all numbers to no payload at all (a guess opens only if its start is within a day)', async () => {
    const key = await offlinePasscodeKey('lock-secret-a');
    let hits = 0;
    for (let i = 0; i < 400; i++) {
      const code = String((i * 2_654_435_761) % 1_000_000_000).padStart(9, '0');
      if (await decodeOfflinePasscode(key, code)) hits++;
    }
    // The segments cover 492,925,920 of 10^9 numbers (49%).
    expect(hits / 400).toBeLessThan(0.56);
  });
});

describe('offline passcode time', () => {
  it('resolves a start within the last 23 hours or ahead, never further back', () => {
    const now = 500_000;
    expect(resolveStartHour(now % START_PERIOD_HOURS, now)).toBe(now);
    expect(resolveStartHour((now - 23) % START_PERIOD_HOURS, now)).toBe(now - 23);
    expect(resolveStartHour((now - 24) % START_PERIOD_HOURS, now)).toBe(now - 24 + START_PERIOD_HOURS);
    expect(resolveStartHour((now + 100) % START_PERIOD_HOURS, now)).toBe(now + 100);
  });

  it('counts hours in lock-local time', () => {
    expect(localHourOf(10 * HOUR_MS, 2 * HOUR_MS)).toBe(12);
    expect(localHourOf(10 * HOUR_MS - 1, 0)).toBe(9);
  });

  it('ends limited codes after hours or whole months', () => {
    const start = localHourOf(Date.UTC(2026, 0, 31, 9), 0);
    expect(limitedEndHour(start, { hours: 5 })).toBe(start + 5);
    expect(limitedEndHour(start, { months: 13 })).toBe(localHourOf(Date.UTC(2027, 1, 28, 9), 0));
    expect(offlineDurationOf(start, start + 48)).toEqual({ hours: 48 });
    expect(offlineDurationOf(start, localHourOf(Date.UTC(2028, 0, 31, 9), 0))).toEqual({ months: 24 });
    expect(offlineDurationOf(start, start)).toBeUndefined();
  });

  it('admits cyclic codes on their weekdays and hours only', () => {
    expect(cyclicWeekDays(5)).toEqual([6, 7]);
    expect(cyclicWeekDays(7)).toEqual([1, 2, 3, 4, 5]);
    expect(cyclicWeekDays(8)).toEqual([1]);
    expect(cyclicWeekDays(14)).toEqual([7]);
    const monday9 = Date.UTC(2026, 10, 23, 9, 30); // a Monday
    expect(cyclicAdmits({ subtype: 8, fromHour: 9, toHour: 17 }, monday9)).toBe(true);
    expect(cyclicAdmits({ subtype: 8, fromHour: 10, toHour: 17 }, monday9)).toBe(false);
    expect(cyclicAdmits({ subtype: 5, fromHour: 0, toHour: 24 }, monday9)).toBe(false);
    expect(cyclicAdmits({ subtype: 7, fromHour: 9, toHour: 10 }, monday9)).toBe(true);
  });
});
