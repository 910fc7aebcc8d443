/**
 * What a gateway's commands, replies and events contain (docs/devices.md). The envelope
 * (id, deadline, signature) is in protocol.ts; this file is the vocabulary inside it, shared
 * by the cloud and every gateway implementation (the simulator in apps/devices included).
 */
import { z } from 'zod';
import { eKeyCycleSchema } from '../credentials/eKeyCredential';
import { LOCK_CREDENTIAL_KINDS } from '../enums/credential';
import { LockState, LockSwitch, ParkingLockAction } from '../enums/lock';
import { TIMEZONE_OFFSET_MS } from '../limits';
import { passagePeriodSchema } from '../validation/passageMode';

const lockState = z.union([z.literal(LockState.locked), z.literal(LockState.unlocked), z.literal(LockState.unknown)]);
const battery = z.number().int().min(0).max(100);
/** A car-park lock's barrier. */
const parking = z.enum(['raised', 'lowered']);
const passcodeDigits = z.string().regex(/^[0-9]{4,9}$/);
const credentialKind = z.enum(LOCK_CREDENTIAL_KINDS);
const storedCredential = z.object({
  kind: credentialKind,
  credentialId: z.number().int().positive(),
  /** Valid from / until (UTC ms); open-ended when absent. */
  startDate: z.number().optional(),
  endDate: z.number().optional(),
  /** A weekly cycle (lock-local), for cyclic validity. */
  cycle: eKeyCycleSchema.optional(),
});
const customPasscode = z.object({
  passcodeId: z.number().int().positive(),
  code: passcodeDigits,
  startDate: z.number().optional(),
  endDate: z.number().optional(),
});

/** The most passcodes, and the most other credentials, a lock lists (listCredentials). */
export const LISTED_CREDENTIALS_MAX = 2000;

/** Commands the cloud sends, with their params and what a successful reply's `result` holds. */
export const DEVICE_COMMANDS = {
  /** `operator`: the account that asked, written into the lock's record of the unlock. */
  unlock: {
    params: z.object({ operator: z.string().max(100).optional() }),
    result: z.object({ state: lockState, battery }),
  },
  lock: { params: z.object({}), result: z.object({ state: lockState, battery }) },
  queryState: {
    params: z.object({}),
    result: z.object({
      state: lockState,
      battery,
      /** The lock's own switch values (LockSwitch names), so the cloud can follow local changes. */
      switches: z.record(z.string(), z.number().int()).optional(),
      /** A car-park lock's barrier. */
      parking: parking.optional(),
      /** The auto-lock time in seconds (0 none). */
      autoLockSeconds: z.number().int().min(0).max(900).optional(),
    }),
  },
  /** Reads the lock's clock (epoch ms as the lock counts it). */
  queryClock: { params: z.object({}), result: z.object({ lockTime: z.number() }) },
  /** Sets the lock's clock (clock calibration). */
  setClock: { params: z.object({ time: z.number() }), result: z.object({ lockTime: z.number() }) },
  parkingLock: {
    params: z.object({ action: z.enum([ParkingLockAction.raising, ParkingLockAction.lowering]) }),
    result: z.object({ parking, battery }),
  },
  /** Auto-lock after this many seconds (5 to 900). */
  setAutoLock: {
    params: z.object({ seconds: z.number().int().min(5).max(900) }),
    result: z.object({ seconds: z.number().int() }),
  },
  /** The lock's UTC offset in milliseconds. */
  setTimezone: {
    params: z.object({
      offset: z.number().int().min(TIMEZONE_OFFSET_MS.min).max(TIMEZONE_OFFSET_MS.max),
    }),
    result: z.object({ offset: z.number().int() }),
  },
  /** Passage mode on or off, with its periods (lock-local time). */
  setPassageMode: {
    params: z.object({ enabled: z.boolean(), periods: z.array(passagePeriodSchema).max(10) }),
    result: z.object({ enabled: z.boolean(), periods: z.array(passagePeriodSchema) }),
  },
  /** Hotel room status: 1 checked in, 2 empty. */
  setRoomStatus: {
    params: z.object({ status: z.union([z.literal(1), z.literal(2)]) }),
    result: z.object({ status: z.number().int() }),
  },
  /** Sets one of the lock's switches (LockSwitch name, Switch value). */
  setSwitch: {
    params: z.object({ name: z.enum(Object.values(LockSwitch) as [string, ...string[]]), value: z.number().int() }),
    result: z.object({ name: z.string(), value: z.number().int() }),
  },
  /**
   * The lock refuses eKey credentials of `keyId` older than `belowVersion` (a freeze, a validity
   * change, a reset or a deletion made them stale; REVOKED_FOR_GOOD: every version).
   */
  revokeEKey: {
    params: z.object({ keyId: z.number().int().positive(), belowVersion: z.number().int().min(1) }),
    result: z.object({ keyId: z.number().int(), belowVersion: z.number().int() }),
  },
  /** Stores a custom passcode (type 6), valid from / until (UTC ms) when given. */
  addPasscode: {
    params: customPasscode,
    result: z.object({ passcodeId: z.number().int() }),
  },
  /** Replaces a stored custom passcode's digits and validity. */
  changePasscode: {
    params: customPasscode,
    result: z.object({ passcodeId: z.number().int() }),
  },
  /**
   * Deletes a passcode: a custom one is erased; an offline one is blocked for good, whether the
   * lock has seen it or not.
   */
  deletePasscode: {
    params: z.object({ passcodeId: z.number().int().positive(), code: passcodeDigits }),
    result: z.object({ passcodeId: z.number().int() }),
  },
  /**
   * Stores a card, fingerprint, face, palm vein, QR code or key fob under the cloud's
   * credentialId. `value` is what the lock recognises (card number, template digest, ...); a palm
   * vein comes without one: the lock enrolls the palm held over its sensor and answers the value.
   */
  addCredential: {
    params: storedCredential.extend({ value: z.string().min(1).max(200).optional() }),
    result: z.object({ credentialId: z.number().int(), value: z.string() }),
  },
  /** New validity for a stored credential. */
  changeCredential: {
    params: storedCredential,
    result: z.object({ credentialId: z.number().int() }),
  },
  /** Deletes one stored credential (a lost card too: the lock refuses it from then on). */
  deleteCredential: {
    params: z.object({ kind: credentialKind, credentialId: z.number().int().positive() }),
    result: z.object({ credentialId: z.number().int() }),
  },
  /** Deletes every stored credential of a kind. */
  clearCredentials: {
    params: z.object({ kind: credentialKind }),
    result: z.object({ count: z.number().int() }),
  },
  /**
   * What the lock stores, for a reconciliation (docs/stays.md, "Credentials on the lock"): its
   * custom passcodes with their validity, and its cards, fingerprints, faces, palm veins, QR
   * codes and key fobs by kind and value; the cloud's ids where the cloud stored them (none on
   * what the lock was given some other way). At most LISTED_CREDENTIALS_MAX of each.
   */
  listCredentials: {
    params: z.object({}),
    result: z.object({
      passcodes: z
        .array(
          z.object({
            code: passcodeDigits,
            passcodeId: z.number().int().positive().optional(),
            startDate: z.number().optional(),
            endDate: z.number().optional(),
          }),
        )
        .max(LISTED_CREDENTIALS_MAX),
      credentials: z
        .array(
          z.object({
            kind: credentialKind,
            value: z.string().min(1).max(200),
            credentialId: z.number().int().positive().optional(),
          }),
        )
        .max(LISTED_CREDENTIALS_MAX),
    }),
  },
} as const;

/** A belowVersion that refuses every version of a key: it was deleted. */
export const REVOKED_FOR_GOOD = 2_147_483_647;

export type DeviceCommandName = keyof typeof DEVICE_COMMANDS;
export type DeviceCommandParams<N extends DeviceCommandName> = z.infer<(typeof DEVICE_COMMANDS)[N]['params']>;
export type DeviceCommandResult<N extends DeviceCommandName> = z.infer<(typeof DEVICE_COMMANDS)[N]['result']>;

/**
 * Why a command failed, in a reply's `error`. Those in NO_RETRY_ERRORS will fail again the same
 * way however often it is tried (operation state "no retry"); the others may succeed on another
 * try ("failed").
 */
export const DeviceError = {
  expired: 'expired',
  badSignature: 'badSignature',
  malformed: 'malformed',
  unknownLock: 'unknownLock',
  unsupported: 'unsupported',
  remoteUnlockDisabled: 'remoteUnlockDisabled',
  lockBusy: 'lockBusy',
  lockOutOfRange: 'lockOutOfRange',
  rejected: 'rejected',
  /** A custom passcode the lock already holds (as another passcode of it). */
  duplicatePasscode: 'duplicatePasscode',
  /** The lock's memory for this kind of credential is full. */
  storageFull: 'storageFull',
} as const;
export type DeviceErrorName = (typeof DeviceError)[keyof typeof DeviceError];

export const NO_RETRY_ERRORS: ReadonlySet<string> = new Set([
  DeviceError.badSignature,
  DeviceError.malformed,
  DeviceError.unknownLock,
  DeviceError.unsupported,
  DeviceError.remoteUnlockDisabled,
  DeviceError.duplicatePasscode,
  DeviceError.storageFull,
]);

/** One entry of a lock's log as the gateway uploads it (record types of spec section 9). */
export const uploadedRecord = z.object({
  /** The lock's own number for this entry: the same entry uploaded twice is stored once. */
  recordId: z.string().min(1).max(64),
  recordType: z.number().int().min(1).max(53),
  success: z.union([z.literal(0), z.literal(1)]),
  /** When it happened, by the lock's clock (epoch ms). */
  lockTime: z.number(),
  /** Who: the account of an eKey or app user, when the lock knows it. */
  username: z.string().max(100).optional(),
  /** The credential used: passcode, card number, fingerprint number, ... */
  credential: z.string().max(100).optional(),
  battery: battery.optional(),
});
export type UploadedRecord = z.infer<typeof uploadedRecord>;

/** Events a gateway sends on its own, for one lock or for itself. */
export const DEVICE_EVENTS = {
  /** The lock's bolt or battery changed (auto-lock, a local unlock, passage mode...). */
  state: z.object({
    state: lockState,
    battery,
    parking: parking.optional(),
    /** The lock's switches and auto-lock time, sent when the gateway connects. */
    switches: z.record(z.string(), z.number().int()).optional(),
    autoLockSeconds: z.number().int().min(0).max(900).optional(),
  }),
  /** New entries of the lock's log. */
  records: z.object({ records: z.array(uploadedRecord).min(1).max(200) }),
  /** Which locks the gateway reaches now, with signal strength (RSSI, dBm). */
  reach: z.object({
    locks: z.array(z.object({ lockMac: z.string(), rssi: z.number().int().min(-127).max(0) })).max(200),
  }),
} as const;
export type DeviceEventName = keyof typeof DEVICE_EVENTS;
export type DeviceEventData<N extends DeviceEventName> = z.infer<(typeof DEVICE_EVENTS)[N]>;

/** What a gateway says on its status topic: on connect (retained) and as its last will. */
export const gatewayStatus = z.object({
  v: z.literal(1),
  kind: z.literal('status'),
  online: z.boolean(),
  /** The gateway's clock when it connected: a later connection's status always wins. */
  at: z.number(),
  networkName: z.string().max(64).optional(),
  /** WiFi signal strength (RSSI, dBm). */
  rssi: z.number().int().min(-127).max(0).optional(),
  sig: z.string(),
});
export type GatewayStatus = z.infer<typeof gatewayStatus>;

/** The signal grade (spec: 0 unknown, 1 weak, 2 medium, 3 strong) of an RSSI in dBm. */
export function signalGradeOfRssi(rssi: number | null | undefined): 0 | 1 | 2 | 3 {
  if (rssi === null || rssi === undefined || rssi >= 0) return 0;
  if (rssi >= -65) return 3;
  if (rssi >= -80) return 2;
  return 1;
}
