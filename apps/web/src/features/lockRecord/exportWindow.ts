import { RECORD_EXPORT } from '@smartlock/contract';
import { startOfLocalDay } from '../credentials/validity';
import { addLocalDays } from '../lockUser/expiryWindow';

/** The quick choices of an export's period, in days up to today. */
export const EXPORT_PRESETS = [7, 30, 90, 180] as const;

/** The days chosen: the first and the last, each a browser-local midnight (epoch ms). */
export type ExportDays = [number, number];

/** The last `days` days, today included (the default: a week). */
export function presetDays(now: number, days: number = EXPORT_PRESETS[0]): ExportDays {
  const today = startOfLocalDay(now);
  return [addLocalDays(today, 1 - days), today];
}

/**
 * The first day an export may start on: the past 183 days only (spec section 5). The server
 * counts 183 days back from now; a whole day 182 days before today is always within.
 */
export function earliestDay(now: number): number {
  return addLocalDays(startOfLocalDay(now), 1 - RECORD_EXPORT.maxDays);
}

/** Whether a day may be picked: from the earliest day to today. */
export function isDayAllowed(day: number, now: number): boolean {
  const midnight = startOfLocalDay(day);
  return midnight >= earliestDay(now) && midnight <= startOfLocalDay(now);
}

/** Whether a period may be exported: in order, nothing before the earliest day nor after today. */
export function isPeriodAllowed([first, last]: ExportDays, now: number): boolean {
  return startOfLocalDay(first) <= startOfLocalDay(last) && isDayAllowed(first, now) && isDayAllowed(last, now);
}

/** The export's window: the first day's midnight to the midnight ending the last day (exclusive). */
export function exportWindow([first, last]: ExportDays): { startDate: number; endDate: number } {
  return { startDate: startOfLocalDay(first), endDate: addLocalDays(startOfLocalDay(last), 1) };
}

/** Which preset a period is, if it is one (ending today). */
export function presetOfDays(days: ExportDays, now: number): number | undefined {
  return EXPORT_PRESETS.find((count) => {
    const preset = presetDays(now, count);
    return preset[0] === startOfLocalDay(days[0]) && preset[1] === startOfLocalDay(days[1]);
  });
}
