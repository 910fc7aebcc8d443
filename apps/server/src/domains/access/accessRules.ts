/**
 * Whether a credential opens a lock at a moment, as the lock decides it (docs/governance.md
 * "Access at a moment"), from what the cloud stores. The SQL of accessQueries.ts answers the
 * same questions for many credentials at once; accessRules.db.test.ts holds the two together over
 * generated cases, and the simulated lock's own checks are held to these in
 * apps/devices/src/lock/accessRules.test.ts. Times are epoch ms (UTC); `offsetMs` is the lock's
 * timezone (`locks.timezone_raw_offset`): cycles are lock-local weekdays (1 Monday to 7 Sunday)
 * and minutes of the day.
 */
import {
  CredentialStatus,
  cyclicAdmits,
  cyclicWeekDays,
  type EKeyCycle,
  grantAdmits,
  LockSwitch,
  type PassagePeriod,
  PasscodeStatus,
  PasscodeType,
  Switch,
} from '@smartlock/contract';
import { IN_FORCE_EKEY_STATUSES } from '../ekey/ekeyStatus';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** eKeys that open: in force (normal, or updating: the key stays usable until the holder's app syncs). */
export const OPENING_EKEY_STATUSES: readonly string[] = IN_FORCE_EKEY_STATUSES;

/**
 * Passcodes the lock holds: normal, or a change or deletion pending or failed (the lock keeps the
 * code until it confirms). Not one being added (not in the lock yet), nor deleted, erased by a
 * clear code (reset), or invalid.
 */
export const OPENING_PASSCODE_STATUSES: readonly string[] = [
  PasscodeStatus.normal,
  PasscodeStatus.updating,
  PasscodeStatus.updateFailed,
  PasscodeStatus.deleting,
  PasscodeStatus.deleteFailed,
];

/** Cards, fingerprints, faces, palm veins, QR codes and key fobs the lock holds, as for passcodes (a lost card: no). */
export const OPENING_CREDENTIAL_STATUSES: readonly number[] = [
  CredentialStatus.normal,
  CredentialStatus.updating,
  CredentialStatus.updateFailed,
  CredentialStatus.deleting,
  CredentialStatus.deleteFailed,
];

/** A stored eKey, as far as opening goes. */
export interface EKeyAccess {
  status: string;
  validityType: number;
  startDate: number | null;
  endDate: number | null;
  cycle: EKeyCycle | null;
}

/** A stored passcode. */
export interface PasscodeAccess {
  status: string;
  type: number;
  cycleType: number | null;
  cycleStartHour: number | null;
  cycleEndHour: number | null;
  startDate: number | null;
  endDate: number | null;
}

/** A stored card, fingerprint, face, palm vein, QR code or key fob. */
export interface CredentialAccess {
  status: number;
  startDate: number | null;
  endDate: number | null;
  cycle: EKeyCycle | null;
}

/** A lock's passage mode as it confirmed it, and its switches (all-day passage). */
export interface PassageAccess {
  passageMode: { passageMode: number; periods: PassagePeriod[] };
  switches: Record<string, number>;
}

/**
 * The times a credential opens, as a moment test and the lock-local minutes of the day at which
 * its weekly window opens (none: no cycle). Every kind reduces to this, so one range rule serves all.
 */
export interface OpeningRule {
  opensAt(moment: number): boolean;
  /** Its validity's start, when it has one: another moment it may begin to open. */
  startDate: number | null;
  /** Lock-local minutes of the day at which a window opens, when its opening follows a weekly cycle. */
  windowStarts: readonly number[];
}

/** Within [start, end), each end open when absent (the lock's `isValidAt`). */
function withinSpan(startDate: number | null, endDate: number | null, moment: number): boolean {
  return (startDate === null || startDate <= moment) && (endDate === null || moment < endDate);
}

/** Lock-local weekday (1 Monday to 7 Sunday) and minute of the day of a moment. */
function localMoment(moment: number, offsetMs: number): { weekDay: number; minute: number } {
  const local = new Date(moment + offsetMs);
  return { weekDay: ((local.getUTCDay() + 6) % 7) + 1, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Inside a weekly cycle at a moment (the lock's `inCycle`). */
export function inCycle(cycle: EKeyCycle, moment: number, offsetMs: number): boolean {
  const { weekDay, minute } = localMoment(moment, offsetMs);
  return cycle.weekDays.includes(weekDay) && minute >= cycle.startMinute && minute < cycle.endMinute;
}

/** An eKey: in force, and its grant admits the moment (the lock's check of the credential its holder shows). */
export function eKeyRule(key: EKeyAccess, offsetMs: number): OpeningRule {
  const grant = {
    validityType: key.validityType,
    startDate: key.startDate ?? undefined,
    endDate: key.endDate ?? undefined,
    cycle: key.cycle ?? undefined,
  };
  const inForce = OPENING_EKEY_STATUSES.includes(key.status);
  return {
    opensAt: (moment) => inForce && grantAdmits(grant, moment, offsetMs),
    startDate: key.startDate,
    windowStarts: key.cycle ? [key.cycle.startMinute] : [],
  };
}

/**
 * A passcode: held by the lock, and then by its type. A cyclic code opens on its weekdays between
 * its hours (the keypad's `cyclicAdmits`); a clear code erases the lock's codes and opens nothing;
 * every other code inside its validity (a once code's first day, a limited code's period, a
 * permanent or custom code's).
 */
export function passcodeRule(code: PasscodeAccess, offsetMs: number): OpeningRule {
  const held = OPENING_PASSCODE_STATUSES.includes(code.status);
  if (code.type === PasscodeType.cyclic) {
    const { cycleType, cycleStartHour, cycleEndHour } = code;
    const rule =
      cycleType === null || cycleStartHour === null || cycleEndHour === null
        ? undefined
        : { subtype: cycleType, fromHour: cycleStartHour, toHour: cycleEndHour };
    return {
      opensAt: (moment) => held && rule !== undefined && cyclicAdmits(rule, moment + offsetMs),
      startDate: null,
      windowStarts: rule ? [rule.fromHour * 60] : [],
    };
  }
  const opens = held && code.type !== PasscodeType.clear;
  return {
    opensAt: (moment) => opens && withinSpan(code.startDate, code.endDate, moment),
    startDate: code.startDate,
    windowStarts: [],
  };
}

/** A card, fingerprint, face, palm vein, QR code or key fob: held, within its validity and its cycle (the lock's `admitsAt`). */
export function credentialRule(credential: CredentialAccess, offsetMs: number): OpeningRule {
  const held = OPENING_CREDENTIAL_STATUSES.includes(credential.status);
  const { cycle } = credential;
  return {
    opensAt: (moment) =>
      held &&
      withinSpan(credential.startDate, credential.endDate, moment) &&
      (cycle === null || inCycle(cycle, moment, offsetMs)),
    startDate: credential.startDate,
    windowStarts: cycle ? [cycle.startMinute] : [],
  };
}

/**
 * Passage mode (the lock's own rule): on, and inside one of its periods; with all-day passage,
 * the whole of each period's weekdays, or every day when it has none.
 */
export function passageRule(lock: PassageAccess, offsetMs: number): OpeningRule {
  const on = lock.passageMode.passageMode === Switch.on;
  const allDay = lock.switches[LockSwitch.allDayPassage] === Switch.on;
  const { periods } = lock.passageMode;
  return {
    opensAt: (moment) => {
      if (!on) return false;
      const { weekDay, minute } = localMoment(moment, offsetMs);
      if (allDay) return periods.length === 0 || periods.some((p) => p.weekDays.includes(weekDay));
      return periods.some((p) => p.weekDays.includes(weekDay) && minute >= p.startMinute && minute < p.endMinute);
    },
    startDate: null,
    windowStarts: allDay ? [0] : periods.map((p) => p.startMinute),
  };
}

/**
 * Whether the rule opens at some moment of [from, to). What opens is a union of periods each
 * beginning at `from`, at the validity's start or at a window's opening, so those moments
 * inside the range are the only ones to test.
 */
export function opensWithin(rule: OpeningRule, from: number, to: number, offsetMs: number): boolean {
  const candidates = [from];
  if (rule.startDate !== null && rule.startDate > from && rule.startDate < to) candidates.push(rule.startDate);
  if (rule.windowStarts.length > 0) {
    const firstDay = Math.floor((from + offsetMs) / DAY_MS);
    const lastDay = Math.floor((to - 1 + offsetMs) / DAY_MS);
    for (let day = firstDay; day <= lastDay; day++) {
      for (const minute of rule.windowStarts) {
        const moment = day * DAY_MS + minute * MINUTE_MS - offsetMs;
        if (moment > from && moment < to) candidates.push(moment);
      }
    }
  }
  return candidates.some((moment) => rule.opensAt(moment));
}

/** The weekly cycle a cyclic passcode opens in, in the vocabulary of the others (weekdays, minutes). */
export function passcodeCycle(code: Pick<PasscodeAccess, 'cycleType' | 'cycleStartHour' | 'cycleEndHour'>) {
  if (code.cycleType === null || code.cycleStartHour === null || code.cycleEndHour === null) return null;
  return {
    weekDays: cyclicWeekDays(code.cycleType),
    startMinute: code.cycleStartHour * 60,
    endMinute: code.cycleEndHour * 60,
  };
}
