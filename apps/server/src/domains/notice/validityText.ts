import type { Locale } from '@smartlock/contract';
import { translate } from '../../i18n';

/** A lock-local time for a message: the date and time where the lock is, with its UTC offset. */
export function lockTimeText(locale: Locale, utcMs: number, offsetMs: number): string {
  const text = new Intl.DateTimeFormat(locale.replace('_', '-'), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(utcMs + offsetMs));
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMs) / 60_000;
  const zone = `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${text} (${zone})`;
}

/** Weekday names (1 Monday to 7 Sunday) in the reader's language. */
export function weekDaysText(locale: Locale, weekDays: readonly number[]): string {
  const format = new Intl.DateTimeFormat(locale.replace('_', '-'), { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const names = weekDays.map((day) => format.format(new Date(Date.UTC(2024, 0, day))));
  return new Intl.ListFormat(locale.replace('_', '-'), { style: 'short', type: 'conjunction' }).format(names);
}

export function minuteOfDayText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** How long a credential is valid, as a message says it. */
export function validityText(
  locale: Locale,
  offsetMs: number,
  validity: {
    kind: 'permanent' | 'limited' | 'once' | 'cyclic';
    start?: number | undefined;
    end?: number | undefined;
    cycle?: { weekDays: number[]; startMinute: number; endMinute: number } | undefined;
  },
): string {
  if (validity.kind === 'permanent') return translate(locale, 'notices.validityPermanent');
  const start = lockTimeText(locale, validity.start ?? 0, offsetMs);
  const end = lockTimeText(locale, validity.end ?? 0, offsetMs);
  if (validity.kind === 'once') return translate(locale, 'notices.validityOnce', { start, end });
  if (validity.kind === 'cyclic' && validity.cycle) {
    return translate(locale, 'notices.validityCyclic', {
      days: weekDaysText(locale, validity.cycle.weekDays),
      from: minuteOfDayText(validity.cycle.startMinute),
      to: minuteOfDayText(validity.cycle.endMinute),
      start,
      end,
    });
  }
  return translate(locale, 'notices.validityFromTo', { start, end });
}
