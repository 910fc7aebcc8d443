import {
  type EKeyCycle,
  type ErrorName,
  MINUTES_PER_DAY,
  ValidityType,
  type ValueOf,
  validateTimeRange,
} from '@smartlock/contract';
import { type Issue, issueOf } from '../../ui/formRules';

export type ValidityTypeValue = ValueOf<typeof ValidityType>;

/** Every validity type, in the order the editor offers them. */
export const VALIDITY_TYPES: readonly ValidityTypeValue[] = [
  ValidityType.permanent,
  ValidityType.limited,
  ValidityType.once,
  ValidityType.cyclic,
];

/**
 * An eKey's validity as the editor holds it. Instants are epoch ms picked on this computer;
 * the daily span of a cyclic key is in minutes after midnight of the lock's clock.
 */
export interface ValidityDraft {
  type: ValidityTypeValue;
  /** Limited and once: from and to, to the minute. */
  range: [number, number] | undefined;
  /** Cyclic: the start of the first day and the end of the last day. */
  days: [number, number] | undefined;
  /** Cyclic: 1 Monday to 7 Sunday. */
  weekDays: number[];
  startMinute: number;
  endMinute: number;
}

/** The validity's issues are form issues (ui/formRules.ts): its callers read them from here too. */
export type { Issue };
export { issueOf };

export const errorIssue = (error: ErrorName): Issue => ({ key: `errors.${error}` });

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const WORKDAYS = [1, 2, 3, 4, 5];

/** Midnight starting the browser-local day of an instant. */
export function startOfLocalDay(epochMs: number): number {
  const date = new Date(epochMs);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** The last millisecond of the browser-local day of an instant. */
export function endOfLocalDay(epochMs: number): number {
  const date = new Date(epochMs);
  date.setHours(23, 59, 59, 999);
  return date.getTime();
}

/**
 * A new validity: permanent, with ready values should the user switch type: from now (to the
 * minute) for 7 days; cyclic for 30 days, working days, 08:00 to 18:00.
 */
export function newValidity(now: number): ValidityDraft {
  const from = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return {
    type: ValidityType.permanent,
    range: [from, from + 7 * DAY_MS],
    days: [startOfLocalDay(now), endOfLocalDay(now + 30 * DAY_MS)],
    weekDays: [...WORKDAYS],
    startMinute: 8 * 60,
    endMinute: 18 * 60,
  };
}

/** The validity an existing eKey has, to change it (what the key does not use keeps the new-key values). */
export function validityOf(
  key: { validityType: number; startDate: number | null; endDate: number | null; cycle: EKeyCycle | null },
  now: number,
): ValidityDraft {
  const draft = newValidity(now);
  const type = VALIDITY_TYPES.find((value) => value === key.validityType) ?? ValidityType.permanent;
  const span: [number, number] | undefined =
    key.startDate !== null && key.endDate !== null ? [key.startDate, key.endDate] : undefined;
  if (type === ValidityType.cyclic) {
    return {
      ...draft,
      type,
      days: span ? [startOfLocalDay(span[0]), endOfLocalDay(span[1])] : draft.days,
      weekDays: key.cycle ? sortedDays(key.cycle.weekDays) : draft.weekDays,
      startMinute: key.cycle?.startMinute ?? draft.startMinute,
      endMinute: key.cycle?.endMinute ?? draft.endMinute,
    };
  }
  return { ...draft, type, range: span ?? draft.range };
}

const sortedDays = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b);

/** An end time picked on a clock: 00:00 means the midnight that ends the day (1440). */
export function endMinuteOf(hour: number, minute: number): number {
  const minutes = hour * 60 + minute;
  return minutes === 0 ? MINUTES_PER_DAY : minutes;
}

/** The validity parameters of /ekey/send, /ekey/sendBatch and /ekey/changePeriod. */
export function validityParams(draft: ValidityDraft): {
  validityType: ValidityTypeValue;
  startDate?: number;
  endDate?: number;
  cycle?: string;
} {
  switch (draft.type) {
    case ValidityType.permanent:
      return { validityType: draft.type };
    case ValidityType.limited:
    case ValidityType.once:
      return draft.range
        ? { validityType: draft.type, startDate: draft.range[0], endDate: draft.range[1] }
        : { validityType: draft.type };
    case ValidityType.cyclic: {
      const cycle: EKeyCycle = {
        weekDays: sortedDays(draft.weekDays),
        startMinute: draft.startMinute,
        endMinute: draft.endMinute,
      };
      return {
        validityType: draft.type,
        ...(draft.days ? { startDate: draft.days[0], endDate: draft.days[1] } : {}),
        cycle: JSON.stringify(cycle),
      };
    }
  }
}

/** What stops a validity being sent: missing dates, no weekday, a start not before its end, an end in the past. */
export function validityIssue(draft: ValidityDraft, now: number): Issue | undefined {
  switch (draft.type) {
    case ValidityType.permanent:
      return undefined;
    case ValidityType.limited:
    case ValidityType.once:
      if (!draft.range) return { key: 'validity.rangeRequired' };
      return issueOf(validateTimeRange({ start: draft.range[0], end: draft.range[1] }, now));
    case ValidityType.cyclic:
      if (!draft.days) return { key: 'validity.rangeRequired' };
      if (draft.weekDays.length === 0) return { key: 'validity.weekdaysRequired' };
      if (!(draft.startMinute < draft.endMinute)) return errorIssue('startNotBeforeEnd');
      return issueOf(validateTimeRange({ start: draft.days[0], end: draft.days[1] }, now));
  }
}

/** Whether two drafts send the same validity (what the user would change). */
export function sameValidity(a: ValidityDraft, b: ValidityDraft): boolean {
  return JSON.stringify(validityParams(a)) === JSON.stringify(validityParams(b));
}
