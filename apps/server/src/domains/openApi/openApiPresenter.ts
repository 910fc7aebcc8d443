import {
  type CredentialItem,
  type DataOf,
  EKeyAuthorized,
  type EKeyCycle,
  type EKeyItem,
  type gateway,
  type LockRecordItem,
  type lock,
  type PassagePeriod,
  type PasscodeItem,
  PasscodeType,
  Switch,
  ValidityType,
} from '@smartlock/contract';

/**
 * The console's data in TTLock's field names and values (docs/ttlock-compat.md has the table):
 * dates in epoch ms with 0 for "none", switches 1 on / 2 off, TTLock's record and key codes.
 */

type LockItem = DataOf<typeof lock.list>['list'][number];
type LockDetail = DataOf<typeof lock.detail>;
type GatewayItem = DataOf<typeof gateway.list>['list'][number];
type PassageConfig = DataOf<typeof lock.getPassageModeConfig>;

/** A credential's validity in TTLock's form: 0 and 0 for permanent. */
const dateOr0 = (value: number | null) => value ?? 0;

/** Bit 8 of TTLock's featureValue: remote lock, which every lock unlocking through a gateway also does here. */
const REMOTE_LOCK_BIT = 8n;
const REMOTE_UNLOCK_BIT = 10n;

/** The lock's features in TTLock's bits: as reported, with remote lock wherever remote unlock is. */
export function ttlockFeatureValue(featureValue: string): string {
  let bits = BigInt(`0x${featureValue || '0'}`);
  if ((bits >> REMOTE_UNLOCK_BIT) & 1n) bits |= 1n << REMOTE_LOCK_BIT;
  return bits.toString(16).toUpperCase();
}

export function presentLock(item: LockItem) {
  return {
    lockId: item.lockId,
    lockName: item.lockName,
    lockAlias: item.lockName,
    lockMac: item.lockMac,
    electricQuantity: item.battery,
    featureValue: ttlockFeatureValue(item.featureValue),
    hasGateway: item.hasGateway,
    groupId: item.groupId,
    /** TTLock: 1 the caller is the lock's top administrator. */
    userType: item.role === 1 ? '110301' : '110302',
  };
}

export function presentLockDetail(detail: LockDetail) {
  return {
    ...presentLock(detail),
    lockVersion: { protocolType: 5, protocolVersion: 3, scene: 2, groupId: 1, orgId: 1 },
    keyboardPwdVersion: detail.passcodeVersion,
    timezoneRawOffset: detail.timezoneRawOffset,
    modelNum: detail.lockNumber,
    hardwareRevision: '',
    firmwareRevision: detail.firmware,
    autoLockTime: detail.autoLockTime,
    // Settings this product's locks do not report: 0, TTLock's "unknown".
    lockSound: 0,
    soundVolume: 0,
    privacyLock: 0,
    tamperAlert: 0,
    resetButton: 0,
    openDirection: 0,
    passageMode: detail.passageModeConfig.passageMode === Switch.on ? 1 : 2,
    passageModeAutoUnlock: 0,
    isFrozen: 2,
    specialValue: 0,
    // The lock's secrets stay in the cloud: no lockKey, aesKeyStr or lockData; the admin passcode is not kept.
    adminPwd: '',
    noKeyPwd: '',
    date: detail.createdAt,
  };
}

/** TTLock's cloud recordType for each of this product's record types; types TTLock has none for are left out. */
const TTLOCK_RECORD_TYPE: Readonly<Record<number, number>> = {
  1: 1,
  2: 46,
  3: 12,
  4: 4,
  5: 5,
  6: 6,
  7: 7,
  8: 8,
  9: 9,
  10: 10,
  11: 11,
  12: 12,
  26: 4,
  27: 7,
  28: 8,
  29: 29,
  30: 30,
  31: 31,
  32: 32,
  33: 33,
  34: 34,
  35: 35,
  36: 36,
  37: 37,
  39: 44,
  40: 48,
  42: 45,
  43: 46,
  44: 47,
  45: 63,
  47: 64,
  48: 65,
  49: 66,
  50: 67,
  51: 57,
  52: 84,
  53: 55,
};

export function ttlockRecordType(recordType: number): number | undefined {
  return TTLOCK_RECORD_TYPE[recordType];
}

/** The record types whose records TTLock's clients get (those TTLock has a type for). */
export const TTLOCK_RECORDED_TYPES: ReadonlySet<number> = new Set(Object.keys(TTLOCK_RECORD_TYPE).map(Number));

/** What TTLock's record list and callback carry of a record. */
export interface RecordFields {
  recordType: number;
  success: number;
  username: string;
  keyboardPwd: string;
  lockDate: number;
  serverDate: number;
  battery: number | null;
}

export function presentRecordFields(record: RecordFields) {
  return {
    recordTypeFromLock: record.recordType,
    recordType: ttlockRecordType(record.recordType) ?? 0,
    success: record.success,
    username: record.username || null,
    keyboardPwd: record.keyboardPwd,
    lockDate: record.lockDate,
    serverDate: record.serverDate,
    electricQuantity: record.battery ?? -1,
  };
}

export function presentRecord(record: LockRecordItem) {
  return { recordId: record.recordId, lockId: record.lockId, ...presentRecordFields(record) };
}

/** TTLock's keyboardPwdType: custom codes as 2 permanent or 3 period (with isCustom 1), cyclic ones by their subtype. */
export function presentPasscode(item: PasscodeItem) {
  const type =
    item.keyboardPwdType === PasscodeType.custom
      ? item.endDate === null
        ? PasscodeType.permanent
        : PasscodeType.limited
      : item.keyboardPwdType === PasscodeType.cyclic
        ? (item.cycleType ?? item.keyboardPwdType)
        : item.keyboardPwdType;
  return {
    keyboardPwdId: item.keyboardPwdId,
    lockId: item.lockId,
    keyboardPwd: item.keyboardPwd,
    keyboardPwdName: item.keyboardPwdName,
    keyboardPwdType: type,
    keyboardPwdVersion: 4,
    isCustom: item.keyboardPwdType === PasscodeType.custom ? 1 : 0,
    startDate: dateOr0(item.startDate),
    endDate: dateOr0(item.endDate),
    sendDate: item.createDate,
    senderUsername: item.senderUsername,
    status: item.status === '110501' ? 1 : 2,
  };
}

export function presentKey(item: EKeyItem) {
  return {
    keyId: item.keyId,
    lockId: item.lockId,
    lockAlias: item.lockName,
    username: item.username,
    keyName: item.keyName,
    keyStatus: item.keyStatus,
    keyRight: item.keyRight === EKeyAuthorized.yes ? 1 : 0,
    keyType: item.validityType === ValidityType.cyclic ? 4 : 1,
    remoteEnable: item.remoteEnable ? 1 : 2,
    startDate: dateOr0(item.startDate),
    endDate: dateOr0(item.endDate),
    remarks: item.remarks,
    senderUsername: item.senderUsername,
    date: item.date,
  };
}

/** A weekly cycle in TTLock's cyclicConfig form: one entry per weekday (1 Monday to 7 Sunday), minutes of the day. */
export function cyclicConfigOf(cycle: EKeyCycle | null) {
  return cycle
    ? cycle.weekDays.map((weekDay) => ({ weekDay, startTime: cycle.startMinute, endTime: cycle.endMinute }))
    : [];
}

function presentCredential(item: CredentialItem) {
  return {
    lockId: item.lockId,
    startDate: dateOr0(item.startDate),
    endDate: dateOr0(item.endDate),
    createDate: item.createDate,
    senderUsername: item.senderUsername,
    cyclicConfig: cyclicConfigOf(item.cycle),
    status: item.status,
  };
}

/** TTLock's card and fingerprint type: 1 normal, 4 cyclic. */
const credentialType = (item: CredentialItem) => (item.validityType === ValidityType.cyclic ? 4 : 1);

export function presentCard(item: CredentialItem) {
  return {
    cardId: item.credentialId,
    cardNumber: item.number,
    cardName: item.name,
    cardType: credentialType(item),
    ...presentCredential(item),
  };
}

export function presentFingerprint(item: CredentialItem) {
  return {
    fingerprintId: item.credentialId,
    fingerprintNumber: item.number,
    fingerprintName: item.name,
    fingerprintType: credentialType(item),
    ...presentCredential(item),
  };
}

export function presentGateway(item: GatewayItem) {
  return {
    gatewayId: item.gatewayId,
    gatewayMac: item.gatewayMac,
    gatewayName: item.gatewayName,
    gatewayVersion: item.gatewayVersion,
    networkName: item.networkName,
    lockNum: item.lockNum,
    isOnline: item.isOnline,
  };
}

export function presentLockGateway(item: LockDetail['gateways'][number]) {
  return {
    gatewayId: item.gatewayId,
    gatewayName: item.gatewayName,
    isOnline: item.isOnline,
    rssiGrade: item.signalGrade,
  };
}

const ALL_DAY = (period: PassagePeriod) => period.startMinute === 0 && period.endMinute === 1440;

/**
 * Passage mode as TTLock's getPassageModeConfig gives it: the first period's fields at the top
 * (startDate and endDate are minutes of the day), every period in cyclicConfig.
 */
export function presentPassageMode(config: PassageConfig) {
  const first = config.periods[0];
  return {
    passageMode: config.passageMode === Switch.on ? 1 : 2,
    startDate: first && !ALL_DAY(first) ? first.startMinute : 0,
    endDate: first && !ALL_DAY(first) ? first.endMinute : 0,
    isAllDay: first && ALL_DAY(first) ? 1 : 2,
    weekDays: first?.weekDays ?? [],
    autoUnlock: 2,
    cyclicConfig: config.periods.map((period) => ({
      isAllDay: ALL_DAY(period) ? 1 : 2,
      startTime: period.startMinute,
      endTime: period.endMinute,
      weekDays: period.weekDays,
    })),
  };
}
