import { featureValueOf, type LockFeatureName } from '@smartlock/contract';

/** The locks the simulator offers: a door lock, a hotel room lock, a car-park lock. */
export const LOCK_KINDS = ['door', 'hotel', 'parking'] as const;
export type LockKind = (typeof LOCK_KINDS)[number];

export function isLockKind(value: string): value is LockKind {
  return (LOCK_KINDS as readonly string[]).includes(value);
}

/** What a kind of lock is: its capabilities and how it introduces itself when paired. */
export interface LockModel {
  features: readonly LockFeatureName[];
  firmware: string;
  /** Prefix of the lock number (the label on the lock), e.g. "S31_1a2b3c". */
  numberPrefix: string;
  /** How the simulator names such a lock ("Door G2-1"). */
  label: string;
  /** Auto-lock seconds out of the box (0: off). */
  autoLockSeconds: number;
}

const MODELS: Record<LockKind, LockModel> = {
  door: {
    features: [
      'passcode',
      'card',
      'fingerprint',
      'face',
      'palmVein',
      'qrCode',
      'keyFob',
      'autoLock',
      'remoteUnlock',
      'remoteUnlockSwitch',
      'passageMode',
      'doorSensor',
    ],
    firmware: '6.1.24.0815',
    numberPrefix: 'S31',
    label: 'Door',
    autoLockSeconds: 10,
  },
  hotel: {
    features: ['passcode', 'card', 'autoLock', 'remoteUnlock', 'remoteUnlockSwitch', 'hotelLock'],
    firmware: '5.3.12.0402',
    numberPrefix: 'H6',
    label: 'Room',
    autoLockSeconds: 5,
  },
  parking: {
    features: ['remoteUnlock', 'parkingLock'],
    firmware: '2.0.7.1120',
    numberPrefix: 'P2',
    label: 'Parking',
    autoLockSeconds: 0,
  },
};

export function lockModel(kind: LockKind): LockModel {
  return MODELS[kind];
}

export function lockSupports(kind: LockKind, feature: LockFeatureName): boolean {
  return MODELS[kind].features.includes(feature);
}

/** The featureValue (hex) the lock reports when it is initialized. */
export function featureValueOfKind(kind: LockKind): string {
  return featureValueOf(MODELS[kind].features);
}
