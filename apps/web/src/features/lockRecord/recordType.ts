import { LockRecordType } from '@smartlock/contract';

type RecordTypeName = keyof typeof LockRecordType;

/** What a record is about, for its icon: how it was opened or locked, a credential kept, an alarm, ... */
export type RecordCategory = 'unlock' | 'lock' | 'management' | 'alarm' | 'sensor' | 'passageMode' | 'system';

export const RECORD_CATEGORIES: readonly RecordCategory[] = [
  'unlock',
  'lock',
  'management',
  'alarm',
  'sensor',
  'passageMode',
  'system',
];

/** The category of each of the 53 record types (spec section 9). */
export const CATEGORY_OF_TYPE: Readonly<Record<RecordTypeName, RecordCategory>> = {
  appUnlock: 'unlock',
  touchUnlock: 'unlock',
  gatewayUnlock: 'unlock',
  passcodeUnlock: 'unlock',
  parkingLockRaise: 'lock',
  parkingLockLower: 'unlock',
  cardUnlock: 'unlock',
  fingerprintUnlock: 'unlock',
  wristbandUnlock: 'unlock',
  mechanicalKeyUnlock: 'unlock',
  appLock: 'lock',
  remoteUnlock: 'unlock',
  passcodeAdded: 'management',
  passcodeDeleted: 'management',
  passcodeChanged: 'management',
  passcodesCleared: 'management',
  cardAdded: 'management',
  cardDeleted: 'management',
  cardsCleared: 'management',
  fingerprintAdded: 'management',
  fingerprintDeleted: 'management',
  fingerprintsCleared: 'management',
  passcodeExpired: 'management',
  cardExpired: 'management',
  fingerprintExpired: 'management',
  wrongPasscode: 'alarm',
  unknownCard: 'alarm',
  unknownFingerprint: 'alarm',
  forcedOpenAlert: 'alarm',
  doorSensorClosed: 'sensor',
  doorSensorOpened: 'sensor',
  openedFromInside: 'unlock',
  fingerprintLock: 'lock',
  passcodeLock: 'lock',
  cardLock: 'lock',
  mechanicalKeyLock: 'lock',
  appButtonControl: 'system',
  lowBatteryAlert: 'alarm',
  tamperAlert: 'alarm',
  wrongCredentialLockout: 'alarm',
  clockCalibrated: 'system',
  autoLock: 'lock',
  lockButtonUnlock: 'unlock',
  lockButtonLock: 'lock',
  passageModeStart: 'passageMode',
  passageModeEnd: 'passageMode',
  doorNotClosedAlert: 'alarm',
  unlockFailed: 'alarm',
  lockFailed: 'alarm',
  faceUnlock: 'unlock',
  qrCodeUnlock: 'unlock',
  palmVeinUnlock: 'unlock',
  keyFobUnlock: 'unlock',
};

const NAME_OF = new Map<number, RecordTypeName>(
  (Object.keys(LockRecordType) as RecordTypeName[]).map((name) => [LockRecordType[name], name]),
);

/** The contract's name of a record type (`passcodeUnlock`), if it is one of the 53. */
export function recordTypeName(type: number): RecordTypeName | undefined {
  return NAME_OF.get(type);
}

/** The category of a record type; a type the console does not know is the system's. */
export function recordCategory(type: number): RecordCategory {
  const name = NAME_OF.get(type);
  return name ? CATEGORY_OF_TYPE[name] : 'system';
}

/**
 * The i18n key (and its parameters) naming a lock record type: the contract's `records.type.*`
 * for the 53 types, the console's "record type N" for any other number.
 */
export function recordTypeLabel(type: number): { key: string; params: { type: number } } {
  const name = NAME_OF.get(type);
  return { key: name ? `records.type.${name}` : 'lockRecord.typeUnknown', params: { type } };
}
