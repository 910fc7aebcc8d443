import { type EKeyCycle, eKeyCycleSchema } from '@smartlock/contract';
import { z } from 'zod';
import { localMoment } from './passageMode';

/** What a lock can store and recognise locally. */
export const CREDENTIAL_KINDS = ['passcode', 'card', 'fingerprint', 'face', 'palmVein', 'qrCode', 'keyFob'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** One stored credential: a passcode's digits, a card number, a fingerprint's template number... */
export const storedCredentialSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(CREDENTIAL_KINDS),
  value: z.string().min(1),
  /** Whose it is (an account or a tenant's name), written into records. */
  holder: z.string().optional(),
  /** Valid from / until (lock clock, epoch ms); open-ended when absent. */
  startDate: z.number().optional(),
  endDate: z.number().optional(),
  /** The cloud's number of a custom passcode it stored (addPasscode), to change or delete it by. */
  passcodeId: z.number().int().positive().optional(),
  /**
   * The cloud's number of a card, fingerprint, face, palm vein, QR code or key fob it stored
   * (addCredential), to change or delete it by. The lock's factory credentials have none.
   */
  credentialId: z.number().int().positive().optional(),
  /** A weekly cycle (lock-local weekdays and minutes) on top of the validity period. */
  cycle: eKeyCycleSchema.optional(),
});
export type StoredCredential = z.infer<typeof storedCredentialSchema>;

export type NewCredential = Omit<StoredCredential, 'id'>;

/** The credentials kept in a lock's memory, with their validity. */
export class CredentialStore {
  private readonly entries: StoredCredential[];
  private nextId: number;

  constructor(entries: readonly StoredCredential[] = []) {
    this.entries = entries.map((entry) => ({ ...entry }));
    this.nextId = this.entries.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  }

  add(credential: NewCredential): StoredCredential {
    const stored = { ...credential, id: this.nextId++ };
    this.entries.push(stored);
    return stored;
  }

  remove(id: number): StoredCredential | undefined {
    const index = this.entries.findIndex((entry) => entry.id === id);
    return index < 0 ? undefined : this.entries.splice(index, 1)[0];
  }

  /** Removes every credential of a kind; returns how many there were. */
  clear(kind: CredentialKind): number {
    const before = this.entries.length;
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i]?.kind === kind) this.entries.splice(i, 1);
    return before - this.entries.length;
  }

  /** Replaces the stored credential with this id (keeping the id); the old one, or undefined. */
  replace(id: number, credential: NewCredential): StoredCredential | undefined {
    const index = this.entries.findIndex((entry) => entry.id === id);
    const old = this.entries[index];
    if (!old) return undefined;
    this.entries[index] = { ...credential, id };
    return old;
  }

  ofKind(kind: CredentialKind): StoredCredential[] {
    return this.entries.filter((entry) => entry.kind === kind);
  }

  /** The stored credential with this value, valid now or not. */
  find(kind: CredentialKind, value: string): StoredCredential | undefined {
    return this.entries.find((entry) => entry.kind === kind && entry.value === value);
  }

  /** The credential the cloud stored under `credentialId`. */
  byCredentialId(kind: CredentialKind, credentialId: number): StoredCredential | undefined {
    return this.entries.find((entry) => entry.kind === kind && entry.credentialId === credentialId);
  }

  /**
   * Every credential of a kind valid at `lockTime`: within its validity period and, with
   * `timezoneRawOffset` (the lock's), inside its weekly cycle.
   */
  validOfKind(kind: CredentialKind, lockTime: number, timezoneRawOffset?: number): StoredCredential[] {
    return this.entries.filter(
      (entry) =>
        entry.kind === kind &&
        (timezoneRawOffset === undefined ? isValidAt(entry, lockTime) : admitsAt(entry, lockTime, timezoneRawOffset)),
    );
  }

  snapshot(): StoredCredential[] {
    return this.entries.map((entry) => ({ ...entry }));
  }
}

/** Whether a lock-local moment is inside a weekly cycle (weekdays 1 Monday to 7 Sunday, minutes of the day). */
export function inCycle(cycle: EKeyCycle, lockTime: number, timezoneRawOffset: number): boolean {
  const { weekDay, minute } = localMoment(lockTime, timezoneRawOffset);
  return cycle.weekDays.includes(weekDay) && minute >= cycle.startMinute && minute < cycle.endMinute;
}

/**
 * Whether a credential opens at `lockTime` (the lock's clock) in the lock's timezone: within its
 * validity period, and inside its weekly cycle when it has one.
 */
export function admitsAt(credential: StoredCredential, lockTime: number, timezoneRawOffset: number): boolean {
  return (
    isValidAt(credential, lockTime) &&
    (credential.cycle === undefined || inCycle(credential.cycle, lockTime, timezoneRawOffset))
  );
}

/** Whether a credential's validity period includes `lockTime` (its weekly cycle aside). */
export function isValidAt(credential: StoredCredential, lockTime: number): boolean {
  return (
    (credential.startDate === undefined || credential.startDate <= lockTime) &&
    (credential.endDate === undefined || lockTime < credential.endDate)
  );
}
