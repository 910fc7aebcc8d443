import {
  CyclicPasscodeSubtype,
  HOUR_MS,
  MAX_START_AHEAD_HOURS,
  PasscodeType,
  validatePasscodeLength,
  validatePasscodeStart,
  validatePasscodeValidity,
  validateTimeRange,
} from '@smartlock/contract';
import { lockHourStart } from '../credentials/lockTime';
import { errorIssue, type Issue, issueOf } from '../credentials/validity';

/** What kind of passcode to get: the five offline kinds the cloud computes, or a custom one through the gateway. */
export type PasscodeKind = 'once' | 'permanent' | 'limited' | 'cyclic' | 'clear' | 'custom';
export const PASSCODE_KINDS: readonly PasscodeKind[] = ['once', 'permanent', 'limited', 'cyclic', 'clear', 'custom'];

const OFFLINE_TYPE = {
  once: PasscodeType.once,
  permanent: PasscodeType.permanent,
  limited: PasscodeType.limited,
  clear: PasscodeType.clear,
  cyclic: PasscodeType.cyclic,
} as const;

/** The passcode form as the user fills it. Instants are epoch ms of whole hours of the lock's clock. */
export interface PasscodeDraft {
  kind: PasscodeKind;
  name: string;
  /** Limited, and a custom code with dates: from and to. */
  span: [number, number] | undefined;
  cycleType: number;
  /** Cyclic: from this lock-local hour (0 to 23) to that one (1 to 24, exclusive). */
  cycleStartHour: number;
  cycleEndHour: number;
  /** Custom: the digits, and whether it is permanent (else it has dates). */
  digits: string;
  customPermanent: boolean;
}

/** A new form: once; a day from the current hour of the lock for dated kinds; daily 08:00 to 18:00 for cyclic. */
export function newPasscodeDraft(now: number, offsetMs: number): PasscodeDraft {
  const start = lockHourStart(now, offsetMs);
  return {
    kind: 'once',
    name: '',
    span: [start, start + 24 * HOUR_MS],
    cycleType: CyclicPasscodeSubtype.daily,
    cycleStartHour: 8,
    cycleEndHour: 18,
    digits: '',
    customPermanent: true,
  };
}

/** Whether a kind goes through the lock's gateway (custom) rather than being computed in the cloud. */
export const isGatewayKind = (kind: PasscodeKind): boolean => kind === 'custom';

/** Whether an offline kind must be used for the first time within a day of its start. */
export const needsActivation = (kind: PasscodeKind): boolean =>
  kind === 'once' || kind === 'permanent' || kind === 'limited' || kind === 'clear';

/** What stops the passcode being asked for, checked with the contract's rules at `now`. */
export function passcodeIssue(
  draft: PasscodeDraft,
  context: { now: number; offsetMs: number; brandMin: number | undefined },
): Issue | undefined {
  const { now, offsetMs } = context;
  switch (draft.kind) {
    case 'limited': {
      if (!draft.span) return { key: 'validity.rangeRequired' };
      const span = { start: draft.span[0], end: draft.span[1] };
      const range = validateTimeRange(span, now);
      if (!range.ok) return issueOf(range);
      const early = validatePasscodeStart(span.start, now);
      if (!early.ok) return issueOf(early);
      if (span.start > now + MAX_START_AHEAD_HOURS * HOUR_MS) return errorIssue('passcodeStartTooFar');
      return issueOf(validatePasscodeValidity(span, offsetMs));
    }
    case 'cyclic':
      return draft.cycleStartHour < draft.cycleEndHour ? undefined : errorIssue('startNotBeforeEnd');
    case 'custom': {
      const length = validatePasscodeLength(draft.digits.trim(), { brandMin: context.brandMin });
      if (!length.ok) return issueOf(length);
      if (draft.customPermanent) return undefined;
      if (!draft.span) return { key: 'validity.rangeRequired' };
      return issueOf(validateTimeRange({ start: draft.span[0], end: draft.span[1] }, now));
    }
    default:
      return undefined;
  }
}

const nameParam = (name: string) => {
  const trimmed = name.trim();
  return trimmed === '' ? {} : { keyboardPwdName: trimmed };
};

/**
 * The parameters of /passcode/get for an offline kind. Once, permanent and clear codes start at
 * the current hour of the lock; limited ones at the hours picked; cyclic ones carry their rule.
 */
export function getParams(draft: PasscodeDraft, lockId: number, now: number, offsetMs: number) {
  if (draft.kind === 'custom') throw new Error('a custom passcode is added, not computed');
  const base = { lockId, keyboardPwdType: OFFLINE_TYPE[draft.kind], ...nameParam(draft.name) };
  switch (draft.kind) {
    case 'limited':
      return draft.span ? { ...base, startDate: draft.span[0], endDate: draft.span[1] } : base;
    case 'cyclic':
      return {
        ...base,
        cycleType: draft.cycleType,
        cycleStartHour: draft.cycleStartHour,
        cycleEndHour: draft.cycleEndHour,
      };
    default:
      return { ...base, startDate: lockHourStart(now, offsetMs) };
  }
}

/** The parameters of /passcode/add (custom): permanent without dates. */
export function addParams(draft: PasscodeDraft, lockId: number) {
  const base = { lockId, keyboardPwd: draft.digits.trim(), ...nameParam(draft.name) };
  return draft.customPermanent || !draft.span ? base : { ...base, startDate: draft.span[0], endDate: draft.span[1] };
}

/** A custom code's new digits and validity, as the change dialog holds them. */
export interface CustomChange {
  digits: string;
  permanent: boolean;
  span: [number, number] | undefined;
}

/**
 * The parameters of /passcode/change: the name; for a custom code also its digits and dates,
 * each only when it changed (an offline code's digits and validity cannot change).
 */
export function changeParams(
  item: { keyboardPwdId: number; keyboardPwd: string; startDate: number | null; endDate: number | null },
  input: { name: string; custom?: CustomChange | undefined },
) {
  const base = { keyboardPwdId: item.keyboardPwdId, keyboardPwdName: input.name.trim() };
  if (!input.custom) return base;
  const digits = input.custom.digits.trim();
  const span = input.custom.permanent ? undefined : input.custom.span;
  return {
    ...base,
    ...(digits !== item.keyboardPwd ? { newKeyboardPwd: digits } : {}),
    ...(span && (span[0] !== item.startDate || span[1] !== item.endDate)
      ? { startDate: span[0], endDate: span[1] }
      : {}),
  };
}

/** What stops a custom code's change: its digits, and its dates when it has them. */
export function customChangeIssue(
  change: CustomChange,
  context: { now: number; brandMin: number | undefined },
): Issue | undefined {
  const length = validatePasscodeLength(change.digits.trim(), { brandMin: context.brandMin });
  if (!length.ok) return issueOf(length);
  if (change.permanent) return undefined;
  if (!change.span) return { key: 'validity.rangeRequired' };
  return issueOf(validateTimeRange({ start: change.span[0], end: change.span[1] }, context.now));
}

/** The last moment an offline code can be used for the first time: its start plus its activation hours. */
export function activationDeadline(item: {
  startDate: number | null;
  activationHours: number | null;
}): number | undefined {
  if (item.startDate === null || item.activationHours === null) return undefined;
  return item.startDate + item.activationHours * HOUR_MS;
}
