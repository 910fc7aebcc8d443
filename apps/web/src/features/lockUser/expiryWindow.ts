import { lockUser } from '@smartlock/contract/refs';
import { startOfLocalDay } from '../credentials/validity';

/** The quick choices of the "about to expire" window, in days. */
export const EXPIRY_PRESETS = [7, 30, 90] as const;

/** The days chosen: the first and the last, each a browser-local midnight (epoch ms). */
export type DayRange = [number, number];

/** A local midnight `days` after another's (a day is not always 24 hours: clocks change). */
export function addLocalDays(midnight: number, days: number): number {
  const date = new Date(midnight);
  date.setDate(date.getDate() + days);
  return startOfLocalDay(date.getTime());
}

/** From today to `days` days later (the default: a week). */
export function presetRange(now: number, days: number = EXPIRY_PRESETS[0]): DayRange {
  const today = startOfLocalDay(now);
  return [today, addLocalDays(today, days)];
}

/** How many days a range covers, both ends included. */
export function rangeDays([first, last]: DayRange): number {
  return Math.round((startOfLocalDay(last) - startOfLocalDay(first)) / 86_400_000) + 1;
}

/** Whether a range is one the server answers: the last day not before the first, at most 366 days. */
export function isRangeAllowed(range: DayRange): boolean {
  const days = rangeDays(range);
  return days >= 1 && days <= lockUser.EXPIRY_WINDOW_MAX_DAYS;
}

/** The query's window: from the first day's midnight to the midnight ending the last day. */
export function windowOf([first, last]: DayRange): { startDate: number; endDate: number } {
  return { startDate: startOfLocalDay(first), endDate: addLocalDays(startOfLocalDay(last), 1) };
}

/** Which preset a range is, if it is one (starting today). */
export function presetOf(range: DayRange, now: number): number | undefined {
  return EXPIRY_PRESETS.find((days) => {
    const preset = presetRange(now, days);
    return preset[0] === startOfLocalDay(range[0]) && preset[1] === startOfLocalDay(range[1]);
  });
}
