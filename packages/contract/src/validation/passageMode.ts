import { z } from 'zod';
import { fail, OK, type Verdict } from './result';

export const MINUTES_PER_DAY = 24 * 60;

/**
 * A passage-mode period: on these weekdays (1 Monday to 7 Sunday), from `startMinute` to
 * `endMinute` (minutes after midnight, lock-local time) the lock stays unlocked. All day is
 * 0 to 1440.
 */
export const passagePeriodSchema = z.object({
  weekDays: z.array(z.number().int().min(1).max(7)).max(7),
  startMinute: z.number().int().min(0).max(MINUTES_PER_DAY),
  endMinute: z.number().int().min(0).max(MINUTES_PER_DAY),
});
export type PassagePeriod = z.infer<typeof passagePeriodSchema>;

/** At most this many periods per lock. */
export const MAX_PASSAGE_PERIODS = 10;

/**
 * Passage-mode periods a lock can take: at least one when passage mode is on, each with at
 * least one weekday and a start before its end, and no two overlapping on a shared weekday.
 */
export function validatePassagePeriods(periods: readonly PassagePeriod[], enabled: boolean): Verdict {
  if (enabled && periods.length === 0) return fail('selectAtLeastOneTimePeriod');
  if (periods.length > MAX_PASSAGE_PERIODS) return fail('badParameter');
  for (const period of periods) {
    if (period.weekDays.length === 0) return fail('selectAtLeastOneTimePeriod');
    if (!(period.startMinute < period.endMinute)) return fail('startNotBeforeEnd');
  }
  for (let i = 0; i < periods.length; i++) {
    for (let j = i + 1; j < periods.length; j++) {
      const a = periods[i] as PassagePeriod;
      const b = periods[j] as PassagePeriod;
      const shareDay = a.weekDays.some((day) => b.weekDays.includes(day));
      if (shareDay && a.startMinute < b.endMinute && b.startMinute < a.endMinute) return fail('passagePeriodsOverlap');
    }
  }
  return OK;
}
