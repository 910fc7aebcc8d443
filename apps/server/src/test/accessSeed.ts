/**
 * Credentials of every kind, validity and status, generated from a seed (so a failing case can
 * be replayed), for the access-at-a-moment tests and benchmark: eKeys, passcodes of every type,
 * and cards, fingerprints, faces, palm veins, QR codes and key fobs, spread over locks and people.
 */
import {
  CardStatus,
  CredentialStatus,
  CyclicPasscodeSubtype,
  EKeyAuthorized,
  EKeyStatus,
  LOCK_CREDENTIAL_KINDS,
  PasscodeStatus,
  PasscodeType,
  ValidityType,
} from '@smartlock/contract';
import type { Db } from '../db/client';
import { ekeys, lockCredentials, passcodes } from '../db/schema';
import { seededRandom } from './humanDrag';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface AccessSeedOptions {
  /** The locks to spread the credentials over, in turn. */
  lockIds: readonly number[];
  /** Who sent and created them. */
  ownerId: number;
  /** The moment the validity periods are spread around (±20 days). */
  around: number;
  /** How many people hold them (person i % people: an account for eKeys, a name for the others). */
  people: number;
  seed: number;
}

/** The account and the credential name of person `n`: the same person by the lock users' key. */
export const personAccount = (n: number) => `person${n}@example.com`;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** A weekly cycle: some weekdays, a window of whole minutes (to the end of the day at most). */
function cycleOf(random: Random) {
  const weekDays = [1, 2, 3, 4, 5, 6, 7].filter(() => random() < 0.45);
  const startMinute = Math.floor(random() * 1439);
  const endMinute = startMinute + 1 + Math.floor(random() * (1440 - startMinute));
  return { weekDays: weekDays.length > 0 ? weekDays : [1 + Math.floor(random() * 7)], startMinute, endMinute };
}

/** Half in force, else any status the kind has. */
const statusOf = <T>(random: Random, normal: T, all: Record<string, T>): T =>
  random() < 0.5 ? normal : pick(random, Object.values(all));

/** A validity span around `around`: starts at any millisecond, ends after it, or runs open-ended. */
function spanOf(random: Random, around: number) {
  const start = around + Math.floor((random() - 0.5) * 40 * DAY);
  return { start, end: start + 1 + Math.floor(random() * 10 * DAY) };
}

/**
 * Inserts `count` credentials: credential i is of kind i % 8 (eKey, passcode, then the lock's
 * kinds), the eight of each slot (i / 8) on eight locks in turn and held by people in turn (eKeys
 * of one person on one lock collide and are left out, as the product keeps one live key per
 * account and lock).
 */
export async function seedAccessCredentials(db: Db, count: number, options: AccessSeedOptions): Promise<void> {
  const random = seededRandom(options.seed);
  const keyRows: (typeof ekeys.$inferInsert)[] = [];
  const codeRows: (typeof passcodes.$inferInsert)[] = [];
  const credentialRows: (typeof lockCredentials.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 8;
    const slot = Math.floor(i / 8);
    const lockId = options.lockIds[(slot + kind) % options.lockIds.length] as number;
    const person = (slot + kind * 3) % options.people;
    const validityType = pick(random, Object.values(ValidityType));
    const span = spanOf(random, options.around);
    const dated = validityType !== ValidityType.permanent;
    const start = dated ? new Date(span.start) : null;
    const end = dated ? new Date(span.end) : null;
    const cycle = validityType === ValidityType.cyclic ? cycleOf(random) : null;
    if (kind === 0) {
      keyRows.push({
        lockId,
        senderId: options.ownerId,
        recipientAccount: personAccount(person),
        keyName: `Key ${i}`,
        validityType,
        startDate: start,
        endDate: end,
        cycle,
        status: statusOf(random, EKeyStatus.normal, EKeyStatus),
        keyRight: random() < 0.05 ? EKeyAuthorized.yes : EKeyAuthorized.no,
      });
    } else if (kind === 1) {
      codeRows.push({
        ...passcodeOf(random, span, options.around),
        lockId,
        creatorId: options.ownerId,
        code: `${10_000_000 + i}`,
        name: `Person ${person}`,
      });
    } else {
      credentialRows.push({
        lockId,
        creatorId: options.ownerId,
        kind: LOCK_CREDENTIAL_KINDS[kind - 2] as string,
        number: `${i}`,
        name: ` Person ${person} `,
        validityType,
        startDate: start,
        endDate: end,
        cycle,
        status: statusOf(random, CredentialStatus.normal, { ...CredentialStatus, lost: CardStatus.lost }),
        value: `value-${i}`,
      });
    }
  }
  const inBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
    for (let start = 0; start < rows.length; start += 1000) await insert(rows.slice(start, start + 1000));
  };
  await inBatches(keyRows, (batch) => db.insert(ekeys).values(batch).onConflictDoNothing());
  await inBatches(codeRows, (batch) => db.insert(passcodes).values(batch));
  await inBatches(credentialRows, (batch) => db.insert(lockCredentials).values(batch));
}

/** A passcode of any type, stored as the product stores each (offline codes on whole hours). */
function passcodeOf(random: Random, span: { start: number; end: number }, around: number) {
  const type = pick(random, Object.values(PasscodeType));
  const status = statusOf(random, PasscodeStatus.normal, PasscodeStatus);
  const hour = Math.floor(span.start / HOUR) * HOUR;
  const none = { cycleType: null, cycleStartHour: null, cycleEndHour: null };
  switch (type) {
    case PasscodeType.cyclic: {
      const from = Math.floor(random() * 23);
      return {
        type,
        status,
        cycleType: pick(random, Object.values(CyclicPasscodeSubtype)),
        cycleStartHour: from,
        cycleEndHour: from + 1 + Math.floor(random() * (24 - from)),
        startDate: null,
        endDate: null,
      };
    }
    case PasscodeType.once:
      return { type, status, ...none, startDate: new Date(hour), endDate: new Date(hour + 24 * HOUR) };
    case PasscodeType.limited:
      return {
        type,
        status,
        ...none,
        startDate: new Date(hour),
        endDate: new Date(hour + (1 + Math.floor(random() * 240)) * HOUR),
      };
    case PasscodeType.custom:
      return random() < 0.5
        ? { type, status, ...none, startDate: null, endDate: null }
        : { type, status, ...none, startDate: new Date(span.start), endDate: new Date(span.end) };
    default:
      // Permanent and clear codes start at an hour and never end.
      return { type, status, ...none, startDate: new Date(random() < 0.2 ? around + 30 * DAY : hour), endDate: null };
  }
}
