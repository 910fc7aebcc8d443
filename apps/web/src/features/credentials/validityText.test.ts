import { describe, expect, it } from 'vitest';
import {
  eKeyValidityText,
  formatDailySpan,
  formatInstant,
  formatMinuteOfDay,
  formatSpan,
  formatWeekdays,
  passcodeValidityText,
  type Translate,
} from './validityText';

/** A stand-in translation: the key and its values, so the tests read what was asked for. */
const t: Translate = (key, options) =>
  options
    ? `${key}(${Object.entries(options)
        .map(([name, value]) => `${name}=${String(value)}`)
        .join('; ')})`
    : key;

const HOUR = 3_600_000;
/** ICU versions differ in the spaces they put around "AM" and in ranges: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

describe('validity as the user reads it', () => {
  it('writes times of day and weekdays in the language', () => {
    expect(plain(formatMinuteOfDay(8 * 60, 'en_US'))).toBe('8:00 AM');
    expect(plain(formatMinuteOfDay(1440, 'en_US'))).toBe('12:00 AM');
    expect(formatMinuteOfDay(18 * 60 + 30, 'de_DE')).toBe('18:30');
    expect(formatDailySpan(480, 1080, 'de_DE')).toBe('8:00 – 18:00');
    expect(formatDailySpan(0, 1440, 'fr_FR')).toBe('0:00 – 24:00');
    expect(formatWeekdays([3, 1, 5], t, 'en_US')).toBe('Mon, Wed, Fri');
    expect(formatWeekdays([1, 2, 3, 4, 5, 6, 7], t, 'en_US')).toBe('validity.everyDay');
    expect(formatWeekdays([6, 7], t, 'de_DE')).toMatch(/^Sa.*So/);
    expect(formatWeekdays([1, 2], t, 'zh_CN')).toMatch(/^周一、周二$/);
  });

  it("writes instants in the lock's time when given its offset", () => {
    const at = Date.UTC(2026, 0, 5, 22, 0);
    expect(plain(formatInstant(at, { language: 'en_US', offsetMs: 2 * HOUR }))).toBe('Jan 6, 2026, 12:00 AM');
    expect(formatInstant(at, { language: 'de_DE', offsetMs: -5 * HOUR })).toBe('05.01.2026, 17:00');
    expect(formatSpan(at, at + 3 * HOUR, { language: 'en_US', offsetMs: 0 })).toMatch(
      /^Jan 5, 2026, 10:00\sPM\s–\sJan 6, 2026, 1:00\sAM$/,
    );
    // A range that runs backwards is still written, not refused.
    expect(formatSpan(at, at - HOUR, { language: 'en_US', offsetMs: 0 })).toContain(' – ');
  });

  it('shows each eKey validity type', () => {
    const base = { startDate: Date.UTC(2026, 0, 5, 8), endDate: Date.UTC(2026, 0, 9, 18), cycle: null };
    expect(eKeyValidityText(t, { ...base, validityType: 1 }, 'en_US')).toBe('validity.permanent');
    expect(eKeyValidityText(t, { ...base, validityType: 2 }, 'en_US')).toMatch(/Jan 5.*Jan 9, 2026/);
    expect(eKeyValidityText(t, { ...base, validityType: 3 }, 'en_US')).toMatch(/^validity\.onceWithin\(span=Jan 5/);
    const cyclic = eKeyValidityText(
      t,
      { ...base, validityType: 4, cycle: { weekDays: [1, 2], startMinute: 480, endMinute: 1080 } },
      'en_US',
    );
    expect(cyclic).toMatch(/^validity\.cyclicSummary\(days=Mon, Tue; time=8:00\sAM – 6:00\sPM; span=Jan 5/);
    expect(cyclic).not.toMatch(/AM.*AM.*AM/);
  });

  it('shows each passcode validity type in lock time', () => {
    const clock = { language: 'en_US', offsetMs: 0 };
    const base = {
      cycleType: null,
      startDate: Date.UTC(2026, 0, 5, 8),
      endDate: Date.UTC(2026, 0, 5, 18),
      cycleStartHour: null,
      cycleEndHour: null,
    };
    expect(passcodeValidityText(t, { ...base, keyboardPwdType: 1 }, clock)).toMatch(/^validity\.onceFrom\(start=Jan 5/);
    expect(passcodeValidityText(t, { ...base, keyboardPwdType: 2 }, clock)).toMatch(/^validity\.permanentFrom/);
    expect(passcodeValidityText(t, { ...base, keyboardPwdType: 3 }, clock)).toMatch(/8:00\sAM\s–\s6:00\sPM/);
    expect(passcodeValidityText(t, { ...base, keyboardPwdType: 4, startDate: null }, clock)).toBe('validity.once');
    expect(
      plain(
        passcodeValidityText(
          t,
          { ...base, keyboardPwdType: 5, cycleType: 7, cycleStartHour: 9, cycleEndHour: 17, startDate: null },
          clock,
        ),
      ),
    ).toBe('validity.cyclicHours(days=Mon, Tue, Wed, Thu, Fri; time=9:00 AM – 5:00 PM)');
    expect(passcodeValidityText(t, { ...base, keyboardPwdType: 6, startDate: null, endDate: null }, clock)).toBe(
      'validity.permanent',
    );
  });
});
