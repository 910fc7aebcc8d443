import { intlTag } from '../../../i18n/format';

/** A Monday (2024-01-01), so day n (1 Monday to 7 Sunday) is n - 1 days later. */
const A_MONDAY = Date.UTC(2024, 0, 1, 12);

/** The short name of a passage-mode weekday (1 Monday to 7 Sunday) in the console's language. */
export function weekdayName(day: number, language: string): string {
  return new Intl.DateTimeFormat(intlTag(language), { weekday: 'short', timeZone: 'UTC' }).format(
    A_MONDAY + (day - 1) * 86_400_000,
  );
}
