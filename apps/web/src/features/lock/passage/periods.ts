import {
  type ErrorName,
  MAX_PASSAGE_PERIODS,
  MINUTES_PER_DAY,
  type PassagePeriod,
  Switch,
  type Verdict,
  validatePassagePeriods,
  Weekday,
} from '@smartlock/contract';

/** A period as the editor holds it: an id for its place in the list. */
export interface PeriodDraft extends PassagePeriod {
  id: number;
}

export interface PassageDraft {
  enabled: boolean;
  periods: PeriodDraft[];
}

/** What /lock/configPassageMode takes and /lock/getPassageModeConfig gives. */
export interface PassageConfig {
  passageMode: number;
  periods: readonly PassagePeriod[];
}

export const WEEKDAYS: readonly number[] = Object.values(Weekday);
const WORKDAYS = [Weekday.monday, Weekday.tuesday, Weekday.wednesday, Weekday.thursday, Weekday.friday];
/** A new period: working days, 08:00 to 18:00. */
const NEW_PERIOD: PassagePeriod = { weekDays: WORKDAYS, startMinute: 8 * 60, endMinute: 18 * 60 };

const sortedDays = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b);

export function draftOf(config: PassageConfig): PassageDraft {
  return {
    enabled: config.passageMode === Switch.on,
    periods: config.periods.map((period, index) => ({
      ...period,
      weekDays: sortedDays(period.weekDays),
      id: index + 1,
    })),
  };
}

export function configOf(draft: PassageDraft): { passageMode: number; periods: PassagePeriod[] } {
  return {
    passageMode: draft.enabled ? Switch.on : Switch.off,
    periods: draft.periods.map(({ weekDays, startMinute, endMinute }) => ({
      weekDays: sortedDays(weekDays),
      startMinute,
      endMinute,
    })),
  };
}

/** Whether the draft says something other than the lock's configuration (unsaved changes). */
export function isChanged(draft: PassageDraft, saved: PassageConfig): boolean {
  return JSON.stringify(configOf(draft)) !== JSON.stringify(configOf(draftOf(saved)));
}

export function canAddPeriod(draft: PassageDraft): boolean {
  return draft.periods.length < MAX_PASSAGE_PERIODS;
}

export function addPeriod(draft: PassageDraft): PassageDraft {
  if (!canAddPeriod(draft)) return draft;
  const id = Math.max(0, ...draft.periods.map((p) => p.id)) + 1;
  return { ...draft, periods: [...draft.periods, { ...NEW_PERIOD, weekDays: [...NEW_PERIOD.weekDays], id }] };
}

export function removePeriod(draft: PassageDraft, id: number): PassageDraft {
  return { ...draft, periods: draft.periods.filter((p) => p.id !== id) };
}

export function updatePeriod(draft: PassageDraft, id: number, change: Partial<PassagePeriod>): PassageDraft {
  return { ...draft, periods: draft.periods.map((p) => (p.id === id ? { ...p, ...change } : p)) };
}

export function withWeekday(period: PassagePeriod, day: number, on: boolean): number[] {
  return sortedDays(on ? [...period.weekDays, day] : period.weekDays.filter((d) => d !== day));
}

export function isAllDay(period: PassagePeriod): boolean {
  return period.startMinute === 0 && period.endMinute === MINUTES_PER_DAY;
}

/** All day is 0 to 1440; leaving all day goes back to the usual 08:00 to 18:00. */
export function allDayTimes(on: boolean): Pick<PassagePeriod, 'startMinute' | 'endMinute'> {
  return on
    ? { startMinute: 0, endMinute: MINUTES_PER_DAY }
    : { startMinute: NEW_PERIOD.startMinute, endMinute: NEW_PERIOD.endMinute };
}

/** An end time picked on a clock: 00:00 means midnight at the end of the day (1440). */
export function endMinuteOf(hour: number, minute: number): number {
  const minutes = hour * 60 + minute;
  return minutes === 0 ? MINUTES_PER_DAY : minutes;
}

/** Minutes after midnight as "HH:mm" ("24:00" for the end of the day). */
export function minuteLabel(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface DraftIssues {
  /** The contract's verdict on the whole configuration: what stops it being saved. */
  verdict: Verdict;
  /** What is wrong with each period, by id (its own days and times, then overlaps with another). */
  periods: Map<number, ErrorName>;
}

/** The contract's rules (validatePassagePeriods) applied to the draft, and to each period for inline hints. */
export function draftIssues(draft: PassageDraft): DraftIssues {
  const periods = new Map<number, ErrorName>();
  for (const period of draft.periods) {
    const own = validatePassagePeriods([period], true);
    if (!own.ok) periods.set(period.id, own.error);
  }
  draft.periods.forEach((a, i) => {
    for (const b of draft.periods.slice(i + 1)) {
      if (periods.has(a.id) || periods.has(b.id)) continue;
      const pair = validatePassagePeriods([a, b], true);
      if (!pair.ok && pair.error === 'passagePeriodsOverlap') {
        periods.set(a.id, pair.error);
        periods.set(b.id, pair.error);
      }
    }
  });
  return { verdict: validatePassagePeriods(configOf(draft).periods, draft.enabled), periods };
}
