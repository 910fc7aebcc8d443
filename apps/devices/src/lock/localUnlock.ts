import { type LockFeatureName, LockRecordType } from '@smartlock/contract';
import type { CredentialKind } from './credentials';

type RecordType = (typeof LockRecordType)[keyof typeof LockRecordType];

/** How someone at the door opens it, and what the lock writes in its log. */
interface LocalUnlockMethod {
  recordType: RecordType;
  /** The credential the lock checks, for methods that present one. */
  credential?: CredentialKind;
  /** What the lock writes when the credential is not one it knows (or not valid now). */
  refusedRecordType?: RecordType;
  /** What it writes for a stored credential outside its validity or weekly cycle (else refusedRecordType). */
  expiredRecordType?: RecordType;
  /** The capability the lock needs for this method. */
  feature?: LockFeatureName;
}

export const LOCAL_UNLOCK_METHODS = {
  passcode: {
    recordType: LockRecordType.passcodeUnlock,
    credential: 'passcode',
    refusedRecordType: LockRecordType.wrongPasscode,
    feature: 'passcode',
  },
  card: {
    recordType: LockRecordType.cardUnlock,
    credential: 'card',
    refusedRecordType: LockRecordType.unknownCard,
    expiredRecordType: LockRecordType.cardExpired,
    feature: 'card',
  },
  fingerprint: {
    recordType: LockRecordType.fingerprintUnlock,
    credential: 'fingerprint',
    refusedRecordType: LockRecordType.unknownFingerprint,
    expiredRecordType: LockRecordType.fingerprintExpired,
    feature: 'fingerprint',
  },
  face: {
    recordType: LockRecordType.faceUnlock,
    credential: 'face',
    refusedRecordType: LockRecordType.unlockFailed,
    feature: 'face',
  },
  palmVein: {
    recordType: LockRecordType.palmVeinUnlock,
    credential: 'palmVein',
    refusedRecordType: LockRecordType.unlockFailed,
    feature: 'palmVein',
  },
  qrCode: {
    recordType: LockRecordType.qrCodeUnlock,
    credential: 'qrCode',
    refusedRecordType: LockRecordType.unlockFailed,
    feature: 'qrCode',
  },
  keyFob: {
    recordType: LockRecordType.keyFobUnlock,
    credential: 'keyFob',
    refusedRecordType: LockRecordType.unlockFailed,
    feature: 'keyFob',
  },
  /** The app's eKey over Bluetooth, next to the lock (trusted here; SimulatedLock.appUnlock checks a credential). */
  app: { recordType: LockRecordType.appUnlock },
  mechanicalKey: { recordType: LockRecordType.mechanicalKeyUnlock },
  /** The button on the inside. */
  button: { recordType: LockRecordType.lockButtonUnlock },
} as const satisfies Record<string, LocalUnlockMethod>;

export type LocalUnlockMethodName = keyof typeof LOCAL_UNLOCK_METHODS;
export const LOCAL_UNLOCK_METHOD_NAMES = Object.keys(LOCAL_UNLOCK_METHODS) as [
  LocalUnlockMethodName,
  ...LocalUnlockMethodName[],
];

export function localUnlockMethod(name: LocalUnlockMethodName): LocalUnlockMethod {
  return LOCAL_UNLOCK_METHODS[name];
}

/**
 * Someone opening the lock where it stands, as the simulator's shortcut (the demo trickle, tests
 * that only need a record).
 *
 * A card, fingerprint, face, palm vein, QR code or key fob opens only when the lock stores it
 * (the factory ones, or one the cloud added with addCredential) and it is valid now: within its
 * validity period and inside its weekly cycle, by the lock's clock in the lock's timezone. One
 * the lock does not store is refused (`unknownCard`, `unknownFingerprint`, else `unlockFailed`);
 * a stored one outside its validity too (`cardExpired`, `fingerprintExpired`, else
 * `unlockFailed`). Without `credential`, a stored one valid now is presented.
 *
 * A passcode is trusted: one the lock does not store is taken as valid (an offline passcode)
 * unless `valid` is false or the lock has blocked it; a stored one counts only within its
 * validity. A passcode typed at the keypad and checked as the lock really does (custom
 * passcodes, offline codes decoded with the lock's secret, activation, blocking, lockout) goes
 * through `SimulatedLock.enterPasscode` instead: there a code the lock neither stores nor
 * verifies is wrong. Likewise `SimulatedLock.appUnlock` checks a signed eKey credential.
 */
export interface LocalUnlock {
  method: LocalUnlockMethodName;
  /** The account (eKey user) or person, when the lock knows it. */
  username?: string;
  /** The credential presented (passcode digits, card number...); a stored valid one when absent. */
  credential?: string;
  /** False: the credential is wrong whatever the lock stores (a wrong passcode): logged, and the lock stays locked. */
  valid?: boolean;
}
