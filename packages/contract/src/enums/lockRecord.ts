/** Spec section 9: unlock records. */

export const RecordQueryType = {
  all: 0,
  eKey: 1,
  qrUserCheck: 3,
  passcode: 4,
  card: 7,
  fingerprint: 8,
  lock: 11,
  keyFob: 37,
  qrCode: -4,
  face: -5,
  palmVein: -6,
} as const;

/** Open methods 1 to 8. */
export const OpenMethod = {
  app: 1,
  passcode: 2,
  card: 3,
  fingerprint: 4,
  remote: 5,
  mechanicalKey: 6,
  face: 7,
  qrCode: 8,
} as const;

/** Lock operation record types 1 to 53. */
export const LockRecordType = {
  appUnlock: 1,
  touchUnlock: 2,
  gatewayUnlock: 3,
  passcodeUnlock: 4,
  parkingLockRaise: 5,
  parkingLockLower: 6,
  cardUnlock: 7,
  fingerprintUnlock: 8,
  wristbandUnlock: 9,
  mechanicalKeyUnlock: 10,
  appLock: 11,
  remoteUnlock: 12,
  passcodeAdded: 13,
  passcodeDeleted: 14,
  passcodeChanged: 15,
  passcodesCleared: 16,
  cardAdded: 17,
  cardDeleted: 18,
  cardsCleared: 19,
  fingerprintAdded: 20,
  fingerprintDeleted: 21,
  fingerprintsCleared: 22,
  passcodeExpired: 23,
  cardExpired: 24,
  fingerprintExpired: 25,
  wrongPasscode: 26,
  unknownCard: 27,
  unknownFingerprint: 28,
  forcedOpenAlert: 29,
  doorSensorClosed: 30,
  doorSensorOpened: 31,
  openedFromInside: 32,
  fingerprintLock: 33,
  passcodeLock: 34,
  cardLock: 35,
  mechanicalKeyLock: 36,
  appButtonControl: 37,
  lowBatteryAlert: 38,
  tamperAlert: 39,
  wrongCredentialLockout: 40,
  clockCalibrated: 41,
  autoLock: 42,
  lockButtonUnlock: 43,
  lockButtonLock: 44,
  passageModeStart: 45,
  passageModeEnd: 46,
  doorNotClosedAlert: 47,
  unlockFailed: 48,
  lockFailed: 49,
  faceUnlock: 50,
  qrCodeUnlock: 51,
  palmVeinUnlock: 52,
  keyFobUnlock: 53,
} as const;

/** Record types that are unlocks (what an unlock notice is about). */
export const UNLOCK_RECORD_TYPES: ReadonlySet<number> = new Set([
  LockRecordType.appUnlock,
  LockRecordType.touchUnlock,
  LockRecordType.gatewayUnlock,
  LockRecordType.passcodeUnlock,
  LockRecordType.cardUnlock,
  LockRecordType.fingerprintUnlock,
  LockRecordType.wristbandUnlock,
  LockRecordType.mechanicalKeyUnlock,
  LockRecordType.remoteUnlock,
  LockRecordType.lockButtonUnlock,
  LockRecordType.faceUnlock,
  LockRecordType.qrCodeUnlock,
  LockRecordType.palmVeinUnlock,
  LockRecordType.keyFobUnlock,
]);

const T = LockRecordType;

/** How an unlock was made (the credential mix of the public screens). */
export const UnlockMethod = {
  eKey: 'eKey',
  remote: 'remote',
  passcode: 'passcode',
  card: 'card',
  fingerprint: 'fingerprint',
  face: 'face',
  palmVein: 'palmVein',
  qrCode: 'qrCode',
  keyFob: 'keyFob',
  mechanicalKey: 'mechanicalKey',
  button: 'button',
} as const;
export type UnlockMethodName = (typeof UnlockMethod)[keyof typeof UnlockMethod];

/** The method of each unlock record type; other record types are not unlocks. */
export const UNLOCK_METHOD_OF_TYPE: Readonly<Record<number, UnlockMethodName>> = {
  [T.appUnlock]: UnlockMethod.eKey,
  [T.touchUnlock]: UnlockMethod.eKey,
  [T.gatewayUnlock]: UnlockMethod.remote,
  [T.remoteUnlock]: UnlockMethod.remote,
  [T.passcodeUnlock]: UnlockMethod.passcode,
  [T.cardUnlock]: UnlockMethod.card,
  [T.fingerprintUnlock]: UnlockMethod.fingerprint,
  [T.faceUnlock]: UnlockMethod.face,
  [T.palmVeinUnlock]: UnlockMethod.palmVein,
  [T.qrCodeUnlock]: UnlockMethod.qrCode,
  [T.keyFobUnlock]: UnlockMethod.keyFob,
  [T.wristbandUnlock]: UnlockMethod.keyFob,
  [T.mechanicalKeyUnlock]: UnlockMethod.mechanicalKey,
  [T.lockButtonUnlock]: UnlockMethod.button,
};

/**
 * The record types each record query type (spec section 9) selects: an eKey's records are what
 * the app and the cloud did with it, a passcode's what was typed at the keypad and done to
 * passcodes, and so on; "lock" (11) is what the lock did or saw by itself. 0 selects everything.
 */
export const RECORD_TYPES_OF_QUERY: Readonly<Record<number, readonly number[]>> = {
  [RecordQueryType.eKey]: [T.appUnlock, T.gatewayUnlock, T.appLock, T.remoteUnlock, T.appButtonControl],
  [RecordQueryType.qrUserCheck]: [T.qrCodeUnlock],
  [RecordQueryType.passcode]: [
    T.passcodeUnlock,
    T.passcodeLock,
    T.wrongPasscode,
    T.passcodeAdded,
    T.passcodeDeleted,
    T.passcodeChanged,
    T.passcodesCleared,
    T.passcodeExpired,
  ],
  [RecordQueryType.card]: [
    T.cardUnlock,
    T.cardLock,
    T.unknownCard,
    T.cardAdded,
    T.cardDeleted,
    T.cardsCleared,
    T.cardExpired,
  ],
  [RecordQueryType.fingerprint]: [
    T.fingerprintUnlock,
    T.fingerprintLock,
    T.unknownFingerprint,
    T.fingerprintAdded,
    T.fingerprintDeleted,
    T.fingerprintsCleared,
    T.fingerprintExpired,
  ],
  [RecordQueryType.lock]: [
    T.touchUnlock,
    T.parkingLockRaise,
    T.parkingLockLower,
    T.mechanicalKeyUnlock,
    T.forcedOpenAlert,
    T.doorSensorClosed,
    T.doorSensorOpened,
    T.openedFromInside,
    T.mechanicalKeyLock,
    T.lowBatteryAlert,
    T.tamperAlert,
    T.wrongCredentialLockout,
    T.clockCalibrated,
    T.autoLock,
    T.lockButtonUnlock,
    T.lockButtonLock,
    T.passageModeStart,
    T.passageModeEnd,
    T.doorNotClosedAlert,
    T.unlockFailed,
    T.lockFailed,
  ],
  [RecordQueryType.keyFob]: [T.keyFobUnlock, T.wristbandUnlock],
  [RecordQueryType.qrCode]: [T.qrCodeUnlock],
  [RecordQueryType.face]: [T.faceUnlock],
  [RecordQueryType.palmVein]: [T.palmVeinUnlock],
};

/** Record export limits (spec section 5): the past six months, and at most this many rows per export. */
export const RECORD_EXPORT = {
  /** How far back an export may start, in days (six months). */
  maxDays: 183,
  /** The most rows one export writes ("maximum export count exceeded" above it). */
  maxRows: 500_000,
} as const;

/** The file formats records export to. */
export const RecordExportFormat = { xlsx: 'xlsx', csv: 'csv' } as const;
export type RecordExportFormatName = (typeof RecordExportFormat)[keyof typeof RecordExportFormat];
