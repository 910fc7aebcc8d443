import { LockState, RoomStatus } from '@smartlock/contract';
import { z } from 'zod';
import { CREDENTIAL_KINDS, type CredentialKind, type StoredCredential, storedCredentialSchema } from './credentials';
import { eKeyMemorySnapshotSchema } from './eKeys';
import { keypadSnapshotSchema } from './keypad';
import { LOCK_KINDS, type LockKind, lockModel, lockSupports } from './lockKind';
import { passagePeriodSchema } from './passageMode';
import { factorySwitches } from './switches';
import { unlockLogSnapshotSchema } from './unlockLog';

/** Everything a lock remembers, as the state file keeps it. */
export const lockSnapshotSchema = z.object({
  mac: z.string(),
  kind: z.enum(LOCK_KINDS),
  /** LockState: 0 locked, 1 unlocked, 2 unknown. */
  bolt: z.union([z.literal(LockState.locked), z.literal(LockState.unlocked), z.literal(LockState.unknown)]),
  /** Battery level in percent (fractional: it drains a little per motor operation). */
  battery: z.number().min(0).max(100),
  /** How far the lock's clock runs ahead (negative: behind) of the true time, in ms. */
  driftMs: z.number(),
  /** The lock's UTC offset in ms. */
  timezoneRawOffset: z.number().int(),
  /** Relock this many seconds after an unlock (0: never). */
  autoLockSeconds: z.number().int().min(0),
  passagePeriods: z.array(passagePeriodSchema),
  switches: z.record(z.string(), z.number().int()),
  /** RoomStatus of a hotel lock: 1 checked in, 2 empty. */
  roomStatus: z.number().int(),
  /** A car-park lock's barrier. */
  parking: z.enum(['raised', 'lowered']).optional(),
  credentials: z.array(storedCredentialSchema),
  log: unlockLogSnapshotSchema,
  /**
   * The secret the cloud issued when the lock was initialized (/lock/initialize `lockSecret`):
   * the keys of offline passcodes and eKey credentials derive from it. Absent before
   * registration, and in state files written before locks kept it: such a lock refuses offline
   * passcodes and eKey credentials (`noSecret`).
   */
  secret: z.string().min(1).optional(),
  /** What the keypad remembers: activated and blocked codes, the last clear, the lockout. */
  keypad: keypadSnapshotSchema.optional(),
  /** eKey revocations and used once keys. */
  eKeys: eKeyMemorySnapshotSchema.optional(),
});
export type LockSnapshot = z.infer<typeof lockSnapshotSchema>;

const digits = (random: () => number, length: number) =>
  Array.from({ length }, (_, i) => String(Math.floor(random() * (i === 0 ? 9 : 10)) + (i === 0 ? 1 : 0))).join('');

/** A credential of each kind the lock can read, so local unlocks have something valid to present. */
function factoryCredentials(kind: LockKind, random: () => number): StoredCredential[] {
  const values: Record<CredentialKind, () => string> = {
    passcode: () => digits(random, 6),
    card: () => digits(random, 10),
    fingerprint: () => `FP${digits(random, 8)}`,
    face: () => `FACE${digits(random, 8)}`,
    palmVein: () => `PALM${digits(random, 8)}`,
    qrCode: () => `QR${digits(random, 12)}`,
    keyFob: () => `FOB${digits(random, 8)}`,
  };
  return CREDENTIAL_KINDS.filter((credential) => lockSupports(kind, credential)).map((credential, index) => ({
    id: index + 1,
    kind: credential,
    value: values[credential](),
    holder: 'Resident',
  }));
}

/** A lock fresh out of the box: locked, remote unlock off, one credential of each kind it reads. */
export function newLockSnapshot(options: {
  mac: string;
  kind: LockKind;
  timezoneRawOffset?: number;
  battery?: number;
  random?: () => number;
}): LockSnapshot {
  const random = options.random ?? Math.random;
  return {
    mac: options.mac,
    kind: options.kind,
    bolt: LockState.locked,
    battery: options.battery ?? 60 + Math.floor(random() * 41),
    driftMs: 0,
    timezoneRawOffset: options.timezoneRawOffset ?? 0,
    autoLockSeconds: lockModel(options.kind).autoLockSeconds,
    passagePeriods: [],
    switches: factorySwitches(options.kind),
    roomStatus: RoomStatus.empty,
    ...(options.kind === 'parking' ? { parking: 'raised' as const } : {}),
    credentials: factoryCredentials(options.kind, random),
    log: { nextRecordId: 1, unsent: [] },
  };
}
