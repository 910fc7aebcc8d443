import { z } from 'zod';

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

  /** Every credential of a kind valid at `lockTime`. */
  validOfKind(kind: CredentialKind, lockTime: number): StoredCredential[] {
    return this.entries.filter((entry) => entry.kind === kind && isValidAt(entry, lockTime));
  }

  snapshot(): StoredCredential[] {
    return this.entries.map((entry) => ({ ...entry }));
  }
}

/** Whether a credential's validity period includes `lockTime`. */
export function isValidAt(credential: StoredCredential, lockTime: number): boolean {
  return (
    (credential.startDate === undefined || credential.startDate <= lockTime) &&
    (credential.endDate === undefined || lockTime < credential.endDate)
  );
}
