import { lock } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { browserOffsetMs, formatUtcOffset, isTimezoneOffset, timezoneOffsets } from './timezones';

describe('timezone offsets', () => {
  it('run in quarter hours from UTC-12:00 to UTC+14:00', () => {
    const offsets = timezoneOffsets();
    expect(offsets).toHaveLength(26 * 4 + 1);
    expect(formatUtcOffset(offsets[0] ?? 0)).toBe('UTC-12:00');
    expect(formatUtcOffset(offsets.at(-1) ?? 0)).toBe('UTC+14:00');
    expect(offsets).toContain(0);
    expect(offsets).toContain(5.75 * 3_600_000);
    expect(offsets.every(isTimezoneOffset)).toBe(true);
  });
  it('are written as people read them', () => {
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(5.75 * 3_600_000)).toBe('UTC+05:45');
    expect(formatUtcOffset(-3.5 * 3_600_000)).toBe('UTC-03:30');
    expect(formatUtcOffset(8 * 3_600_000)).toBe('UTC+08:00');
  });
  it('reject what a lock cannot take', () => {
    expect(isTimezoneOffset(10 * 60_000)).toBe(false);
    expect(isTimezoneOffset(15 * 3_600_000)).toBe(false);
    expect(isTimezoneOffset(-12.25 * 3_600_000)).toBe(false);
  });
  it('are accepted by /lock/changeTimezoneRawOffset', () => {
    for (const ms of [timezoneOffsets()[0], 0, 20_700_000]) {
      expect(
        lock.changeTimezoneRawOffset.params.safeParse({ lockId: '1', timezoneRawOffset: String(ms) }).success,
      ).toBe(true);
    }
  });
  it("read the browser's own offset", () => {
    const at = new Date();
    expect(browserOffsetMs(at)).toBe(-at.getTimezoneOffset() * 60_000);
  });
});
