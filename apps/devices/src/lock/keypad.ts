/**
 * What a lock's keypad remembers of passcodes it checks on its own (docs/credentials.md): the
 * offline codes it has activated, the codes it must never accept again, the hour before which
 * a clear code erased everything, and the count of wrong codes typed in a row (the lockout).
 * Custom passcodes (type 6) the cloud stored are in the lock's CredentialStore.
 */
import {
  ACTIVATION_HOURS,
  cyclicAdmits,
  limitedEndHour,
  localHourOf,
  OFFLINE_PASSCODE_DIGITS,
  type OfflinePayload,
  PasscodeType,
  resolveStartHour,
} from '@smartlock/contract';
import { z } from 'zod';

/** How many activated offline codes the lock remembers: the least recently used one goes first. */
export const ACTIVATED_PASSCODE_CAPACITY = 1000;
/** How many custom passcodes (addPasscode) the lock holds. */
export const MAX_CUSTOM_PASSCODES = 150;
/** This many wrong codes in a row lock the keypad... */
export const KEYPAD_MAX_WRONG = 5;
/** ...for this long (lock clock). */
export const KEYPAD_LOCKOUT_MS = 5 * 60_000;

/** Why the keypad did not open (the `error` of a keypad outcome and of the `keypad` control ack). */
export const KEYPAD_REFUSALS = [
  /** The lock has no keypad. */
  'unsupported',
  /** Too many wrong codes in a row: the keypad refuses everything for a while. */
  'keypadLocked',
  /** Not a code of this lock. */
  'wrongCode',
  /** A 9-digit code, but the lock has no secret to check offline codes with (registered before it kept one). */
  'noSecret',
  /** Its start (or a custom passcode's startDate) lies ahead. */
  'notYetValid',
  /** Its end (or a custom passcode's endDate) has passed. */
  'expired',
  /** Never used in the first ACTIVATION_HOURS after its start. */
  'notActivatedInTime',
  /** A cyclic code outside its weekdays and hours. */
  'outsideValidity',
  /** Deleted, or erased by a clear code: never accepted again. */
  'blocked',
  /** A once code that was used already. */
  'used',
  /** It starts no later than a clear code the lock has accepted. */
  'cleared',
] as const;
export type KeypadRefusal = (typeof KEYPAD_REFUSALS)[number];

/** An offline code the lock has activated (it is remembered with the validity it got then). */
export const activatedPasscodeSchema = z.object({
  code: z.string(),
  /** PasscodeType: 1 once (so: used), 2 permanent, 3 limited, 5 cyclic. */
  type: z.number().int(),
  /** The lock-local hour (hours since 1970) it started. */
  startHour: z.number().int().optional(),
  /** A limited code's end, lock-local hour, exclusive. */
  endHour: z.number().int().optional(),
  /** A cyclic code's rule (subtype: CyclicPasscodeSubtype; hours lock-local). */
  cycle: z.object({ subtype: z.number().int(), fromHour: z.number().int(), toHour: z.number().int() }).optional(),
});
export type ActivatedPasscode = z.infer<typeof activatedPasscodeSchema>;

export const keypadSnapshotSchema = z.object({
  /** Least recently used first. */
  activated: z.array(activatedPasscodeSchema),
  /** Codes that never open again (deleted, or erased by a clear code). */
  blocked: z.array(z.string()),
  /** The start hour (lock-local) of the last clear code: codes starting no later are refused. */
  clearedBeforeHour: z.number().int().optional(),
  /** Wrong codes typed in a row. */
  wrongInARow: z.number().int().min(0),
  /** The keypad refuses everything until then (lock clock, epoch ms). */
  lockedUntil: z.number().optional(),
});
export type KeypadSnapshot = z.infer<typeof keypadSnapshotSchema>;

/** What the keypad makes of a code the lock does not hold as a custom passcode. */
export type KeypadVerdict =
  | { kind: 'open' }
  | { kind: 'clear'; startHour: number }
  | { kind: 'refuse'; reason: KeypadRefusal };

const OPEN: KeypadVerdict = { kind: 'open' };
const refuse = (reason: KeypadRefusal): KeypadVerdict => ({ kind: 'refuse', reason });

export class PasscodeMemory {
  /** In use order: the first is the least recently used. */
  private readonly activated: Map<string, ActivatedPasscode>;
  private readonly blocked: Set<string>;
  private clearedBeforeHour: number | undefined;
  private wrongInARow: number;
  private lockedUntil: number | undefined;

  constructor(snapshot?: KeypadSnapshot) {
    this.activated = new Map(snapshot?.activated.map((entry) => [entry.code, structuredClone(entry)]));
    this.blocked = new Set(snapshot?.blocked);
    this.clearedBeforeHour = snapshot?.clearedBeforeHour;
    this.wrongInARow = snapshot?.wrongInARow ?? 0;
    this.lockedUntil = snapshot?.lockedUntil;
  }

  /** Whether the keypad is locked out at `lockTime`. */
  lockedAt(lockTime: number): boolean {
    return this.lockedUntil !== undefined && lockTime < this.lockedUntil;
  }

  /** A right code: the count of wrong ones starts again. */
  noteRight(): void {
    this.wrongInARow = 0;
    this.lockedUntil = undefined;
  }

  /** A wrong code; true when it locks the keypad. */
  noteWrong(lockTime: number): boolean {
    this.wrongInARow++;
    if (this.wrongInARow < KEYPAD_MAX_WRONG) return false;
    this.wrongInARow = 0;
    this.lockedUntil = lockTime + KEYPAD_LOCKOUT_MS;
    return true;
  }

  isBlocked(code: string): boolean {
    return this.blocked.has(code);
  }

  isActivated(code: string): boolean {
    return this.activated.has(code);
  }

  /** The code never opens again, whether the lock has seen it or not. */
  block(code: string): void {
    this.activated.delete(code);
    this.blocked.add(code);
  }

  /**
   * A clear code starting at `startHour` was accepted: every activated code and the given
   * custom ones are blocked, and codes starting no later than `startHour` are refused.
   */
  clear(startHour: number, customCodes: Iterable<string>): void {
    for (const code of [...this.activated.keys(), ...customCodes]) this.blocked.add(code);
    this.activated.clear();
    this.clearedBeforeHour = Math.max(this.clearedBeforeHour ?? startHour, startHour);
  }

  /**
   * Judges a code that is not a stored custom passcode: blocked, activated before, or decoded
   * now (`payload`: undefined when it is no offline code of this lock, or the lock cannot tell).
   * Activates it when it opens (or, for a limited code, when it is read at all).
   */
  judge(
    code: string,
    payload: OfflinePayload | undefined,
    hasSecret: boolean,
    lockTime: number,
    offsetMs: number,
  ): KeypadVerdict {
    if (this.blocked.has(code)) return refuse('blocked');
    const nowHour = localHourOf(lockTime, offsetMs);
    const known = this.activated.get(code);
    if (known) {
      const verdict = admitsAgain(known, nowHour, lockTime + offsetMs);
      if (verdict.kind === 'open') this.remember(known);
      return verdict;
    }
    if (!hasSecret) return refuse(code.length === OFFLINE_PASSCODE_DIGITS ? 'noSecret' : 'wrongCode');
    if (!payload) return refuse('wrongCode');
    if (payload.type === PasscodeType.cyclic) {
      if (!cyclicAdmits(payload, lockTime + offsetMs)) return refuse('outsideValidity');
      const { subtype, fromHour, toHour } = payload;
      this.remember({ code, type: payload.type, cycle: { subtype, fromHour, toHour } });
      return OPEN;
    }
    const startHour = resolveStartHour(payload.startResidue, nowHour);
    if (startHour > nowHour) return refuse('notYetValid');
    if (nowHour - startHour >= ACTIVATION_HOURS) return refuse('notActivatedInTime');
    if (this.clearedBeforeHour !== undefined && startHour <= this.clearedBeforeHour) return refuse('cleared');
    switch (payload.type) {
      case PasscodeType.clear:
        return { kind: 'clear', startHour };
      case PasscodeType.limited: {
        const endHour = limitedEndHour(startHour, payload.duration);
        this.remember({ code, type: payload.type, startHour, endHour });
        return nowHour < endHour ? OPEN : refuse('expired');
      }
      default:
        this.remember({ code, type: payload.type, startHour });
        return OPEN;
    }
  }

  snapshot(): KeypadSnapshot {
    return {
      activated: [...this.activated.values()].map((entry) => structuredClone(entry)),
      blocked: [...this.blocked],
      ...(this.clearedBeforeHour !== undefined ? { clearedBeforeHour: this.clearedBeforeHour } : {}),
      wrongInARow: this.wrongInARow,
      ...(this.lockedUntil !== undefined ? { lockedUntil: this.lockedUntil } : {}),
    };
  }

  /** Remembers (or refreshes) an activated code as the most recently used; forgets the least recently used beyond capacity. */
  private remember(entry: ActivatedPasscode): void {
    this.activated.delete(entry.code);
    this.activated.set(entry.code, entry);
    while (this.activated.size > ACTIVATED_PASSCODE_CAPACITY) {
      const oldest = this.activated.keys().next().value;
      if (oldest === undefined) break;
      this.activated.delete(oldest);
    }
  }
}

/** Whether a code activated before opens now. */
function admitsAgain(known: ActivatedPasscode, nowHour: number, localMs: number): KeypadVerdict {
  switch (known.type) {
    case PasscodeType.permanent:
      return OPEN;
    case PasscodeType.limited:
      return known.endHour !== undefined && nowHour < known.endHour ? OPEN : refuse('expired');
    case PasscodeType.cyclic:
      return known.cycle && cyclicAdmits(known.cycle, localMs) ? OPEN : refuse('outsideValidity');
    default:
      return refuse('used');
  }
}
