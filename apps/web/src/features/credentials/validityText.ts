import { cyclicWeekDays, type EKeyCycle, PasscodeType, ValidityType } from '@smartlock/contract';
import { intlTag } from '../../i18n/format';
import { weekdayName } from '../lock/passage/weekdays';

/** The translation function, as much of it as these texts need (i18next's `t` fits). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Where instants are read: the browser's own time zone (eKeys: the user picked them on this
 * computer), or a lock's clock `offsetMs` from UTC (passcodes count whole hours of the lock).
 */
export interface Clock {
  language: string;
  offsetMs?: number | undefined;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

function dateFormat(clock: Clock, withTime: boolean): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(intlTag(clock.language), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    ...(clock.offsetMs === undefined ? {} : { timeZone: 'UTC' }),
  });
}

const shifted = (epochMs: number, clock: Clock) => epochMs + (clock.offsetMs ?? 0);

/** An instant as the user's language writes it, to the minute (or the day). */
export function formatInstant(epochMs: number, clock: Clock, withTime = true): string {
  return dateFormat(clock, withTime).format(shifted(epochMs, clock));
}

/** A span of time as the language writes one ("Jan 5, 2026, 8:00 AM – 6:00 PM"). */
export function formatSpan(start: number, end: number, clock: Clock, withTime = true): string {
  const format = dateFormat(clock, withTime);
  const from = shifted(start, clock);
  const to = shifted(end, clock);
  return from <= to ? format.formatRange(from, to) : `${format.format(from)} – ${format.format(to)}`;
}

/** A time of day (minutes after midnight; 1440 is the midnight that ends the day) in the language's clock. */
export function formatMinuteOfDay(minutes: number, language: string): string {
  const format = new Intl.DateTimeFormat(intlTag(language), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const hourCycle = format.resolvedOptions().hourCycle;
  if (minutes === DAY_MINUTES && (hourCycle === 'h23' || hourCycle === 'h24')) return '24:00';
  return format.format(Date.UTC(2024, 0, 1) + (minutes % DAY_MINUTES) * MINUTE_MS);
}

/** A daily span of time: "8:00 AM – 6:00 PM". */
export function formatDailySpan(startMinute: number, endMinute: number, language: string): string {
  return `${formatMinuteOfDay(startMinute, language)} – ${formatMinuteOfDay(endMinute, language)}`;
}

/** Weekdays (1 Monday to 7 Sunday) as a short list, in week order; all seven as "every day". */
export function formatWeekdays(days: readonly number[], t: Translate, language: string): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return t('validity.everyDay');
  const separator = /^(zh|ja)/.test(language) ? '、' : ', ';
  return sorted.map((day) => weekdayName(day, language)).join(separator);
}

/** What an eKey's validity shows: its type, dates, and for cyclic keys the weekdays and daily times. */
export function eKeyValidityText(
  t: Translate,
  key: { validityType: number; startDate: number | null; endDate: number | null; cycle: EKeyCycle | null },
  language: string,
): string {
  const clock: Clock = { language };
  const span = (withTime: boolean) =>
    key.startDate !== null && key.endDate !== null ? formatSpan(key.startDate, key.endDate, clock, withTime) : '—';
  switch (key.validityType) {
    case ValidityType.permanent:
      return t('validity.permanent');
    case ValidityType.limited:
      return span(true);
    case ValidityType.once:
      return t('validity.onceWithin', { span: span(true) });
    case ValidityType.cyclic:
      return key.cycle
        ? t('validity.cyclicSummary', {
            days: formatWeekdays(key.cycle.weekDays, t, language),
            time: formatDailySpan(key.cycle.startMinute, key.cycle.endMinute, language),
            span: span(false),
          })
        : span(false);
    default:
      return span(true);
  }
}

/** What a passcode's validity shows, in the lock's time: from its start, its span, or its weekdays and hours. */
export function passcodeValidityText(
  t: Translate,
  item: {
    keyboardPwdType: number;
    cycleType: number | null;
    startDate: number | null;
    endDate: number | null;
    cycleStartHour: number | null;
    cycleEndHour: number | null;
  },
  clock: Clock,
): string {
  const { startDate, endDate } = item;
  const from = startDate === null ? undefined : formatInstant(startDate, clock);
  switch (item.keyboardPwdType) {
    case PasscodeType.cyclic: {
      const days = item.cycleType === null ? [] : cyclicWeekDays(item.cycleType);
      const hours =
        item.cycleStartHour !== null && item.cycleEndHour !== null
          ? formatDailySpan(item.cycleStartHour * 60, item.cycleEndHour * 60, clock.language)
          : '';
      return t('validity.cyclicHours', { days: formatWeekdays(days, t, clock.language), time: hours });
    }
    case PasscodeType.once:
    case PasscodeType.clear:
      return from ? t('validity.onceFrom', { start: from }) : t('validity.once');
    case PasscodeType.permanent:
      return from ? t('validity.permanentFrom', { start: from }) : t('validity.permanent');
    default:
      if (startDate !== null && endDate !== null) return formatSpan(startDate, endDate, clock);
      return t('validity.permanent');
  }
}
