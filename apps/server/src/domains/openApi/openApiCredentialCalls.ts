import {
  type CredentialItem,
  ekey,
  lock,
  lockCredential,
  PasscodeType,
  passcode,
  ValidityType,
} from '@smartlock/contract';
import type { ActingCaller } from './contractCalls';
import { ended, type V3Call, type V3Kit, v3 } from './openApiCall';
import { DONE, OpenApiError } from './openApiErrors';
import { idOf, optionalDate, optionalInt, pageOf, requiredInt, ttlockPage } from './openApiInput';
import type { OpenApiParams } from './openApiParams';
import { presentCard, presentFingerprint, presentKey, presentPasscode } from './openApiPresenter';

const PAGE_MAX = 200;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** TTLock's "where is the change made" flag: 2 (through a gateway, now) and 4 (queued for a WiFi lock) are what the cloud does here; 1 (already done over Bluetooth) is not. */
function requireCloudChange(params: OpenApiParams, name: string): void {
  const type = optionalInt(params, name, 0, 9);
  if (type === 1) throw new OpenApiError('badParameter', `${name} 1 (done over Bluetooth) is not supported: use 2`);
}

/** An instant rounded down to the whole hour of the lock's clock (TTLock rounds offline codes' dates so). */
const wholeLockHour = (at: number, offset: number) => Math.floor((at + offset) / HOUR_MS) * HOUR_MS - offset;
/** The hour of the lock's day an instant falls in. */
const lockHourOf = (at: number, offset: number) => Math.floor(((((at + offset) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);

/**
 * keyboardPwd/get: TTLock's types 1 once, 2 permanent, 3 period, 4 clear keep their numbers; 5 to
 * 14 are the cyclic subtypes (weekend, daily, workday, Monday...), whose daily hours TTLock reads
 * from the dates given.
 */
async function getOfflinePasscode(params: OpenApiParams, caller: ActingCaller, { calls }: V3Kit) {
  const lockId = idOf(params, 'lockId');
  const type = requiredInt(params, 'keyboardPwdType', 1, 14);
  const { timezoneRawOffset: offset } = await calls.call(lock.detail, { lockId }, caller);
  const startDate = optionalDate(params, 'startDate');
  const endDate = optionalDate(params, 'endDate');
  const hour = (at: number | undefined) => (at === undefined ? undefined : wholeLockHour(at, offset));
  const cyclic =
    type >= 5
      ? {
          keyboardPwdType: PasscodeType.cyclic,
          cycleType: type,
          cycleStartHour: startDate === undefined ? undefined : lockHourOf(startDate, offset),
          cycleEndHour: endDate === undefined ? undefined : lockHourOf(endDate, offset) || 24,
        }
      : { keyboardPwdType: type, startDate: hour(startDate), endDate: type === 3 ? hour(endDate) : undefined };
  const issued = await calls.call(passcode.get, { lockId, keyboardPwdName: params.keyboardPwdName, ...cyclic }, caller);
  return { keyboardPwd: issued.keyboardPwd, keyboardPwdId: issued.keyboardPwdId };
}

/** Validity of a custom passcode: type 2 permanent (no dates), 3 period (TTLock's default when dates are given). */
function customValidity(params: OpenApiParams) {
  const type = optionalInt(params, 'keyboardPwdType', 2, 3);
  if (type === 2) return {};
  return { startDate: optionalDate(params, 'startDate'), endDate: optionalDate(params, 'endDate') };
}

/** eKey validity: TTLock's 0/0 is permanent, dates a period; its one-time (endDate 1) and cyclic (keyType 4) keys are not taken. */
function keyValidity(params: OpenApiParams) {
  if (optionalInt(params, 'keyType', 1, 4) === 4)
    throw new OpenApiError('badParameter', 'keyType 4 (cyclic) is not supported');
  if (params.endDate?.trim() === '1')
    throw new OpenApiError('badParameter', 'one-time keys (endDate 1) are not supported');
  const startDate = optionalDate(params, 'startDate');
  const endDate = optionalDate(params, 'endDate');
  return startDate === undefined && endDate === undefined
    ? { validityType: ValidityType.permanent }
    : { validityType: ValidityType.limited, startDate, endDate };
}

const keyTarget = (params: OpenApiParams) => ({ keyId: idOf(params, 'keyId') });

async function listKeys(params: OpenApiParams, caller: ActingCaller, { calls }: V3Kit) {
  if (params.lockId === undefined)
    throw new OpenApiError('badParameter', 'lockId is required: the keys of one lock are listed');
  const page = pageOf(params, PAGE_MAX);
  const got = await calls.call(
    ekey.list,
    { lockId: idOf(params, 'lockId'), searchStr: params.searchStr, ...page },
    caller,
  );
  return ttlockPage(got.list.map(presentKey), got.total, page);
}

/** A lock's stored credentials of one kind (cards, fingerprints) as a TTLock page. */
function storedCredentialList(
  call: typeof lockCredential.card.list | typeof lockCredential.fingerprint.list,
  present: (item: CredentialItem) => Record<string, unknown>,
) {
  return async (params: OpenApiParams, caller: ActingCaller, { calls }: V3Kit) => {
    const page = pageOf(params, PAGE_MAX);
    const got = await calls.call(
      call,
      { lockId: idOf(params, 'lockId'), searchStr: params.searchStr, ...page },
      caller,
    );
    return ttlockPage(got.list.map(present), got.total, page);
  };
}

/** An eKey change answered with TTLock's plain success. */
function keyAction(call: typeof ekey.remove | typeof ekey.freeze | typeof ekey.unfreeze) {
  return async (params: OpenApiParams, caller: ActingCaller, { calls }: V3Kit) => {
    await calls.call(call, keyTarget(params), caller);
    return DONE;
  };
}

/** Passcodes, eKeys, cards and fingerprints. */
export const CREDENTIAL_CALLS: V3Call[] = [
  v3('/keyboardPwd/get', getOfflinePasscode),

  v3('/keyboardPwd/add', async (params, caller, kit) => {
    requireCloudChange(params, 'addType');
    const added = await kit.calls.call(
      passcode.add,
      {
        lockId: idOf(params, 'lockId'),
        keyboardPwd: params.keyboardPwd,
        keyboardPwdName: params.keyboardPwdName,
        ...customValidity(params),
      },
      caller,
    );
    await ended(kit, added.operation);
    return { keyboardPwdId: added.passcode.keyboardPwdId };
  }),

  v3('/keyboardPwd/change', async (params, caller, kit) => {
    requireCloudChange(params, 'changeType');
    const changed = await kit.calls.call(
      passcode.change,
      {
        keyboardPwdId: idOf(params, 'keyboardPwdId'),
        keyboardPwdName: params.keyboardPwdName,
        newKeyboardPwd: params.newKeyboardPwd,
        startDate: optionalDate(params, 'startDate'),
        endDate: optionalDate(params, 'endDate'),
      },
      caller,
    );
    if (changed.operation) await ended(kit, changed.operation);
    return DONE;
  }),

  v3('/keyboardPwd/delete', async (params, caller, kit) => {
    requireCloudChange(params, 'deleteType');
    const removed = await kit.calls.call(passcode.remove, { keyboardPwdId: idOf(params, 'keyboardPwdId') }, caller);
    await ended(kit, removed.operation);
    return DONE;
  }),

  v3('/lock/listKeyboardPwd', async (params, caller, { calls }) => {
    const page = pageOf(params, PAGE_MAX);
    const got = await calls.call(
      passcode.list,
      { lockId: idOf(params, 'lockId'), searchStr: params.searchStr, ...page },
      caller,
    );
    return ttlockPage(got.list.map(presentPasscode), got.total, page);
  }),

  v3('/key/send', async (params, caller, { calls }) => {
    const sent = await calls.call(
      ekey.send,
      {
        lockId: idOf(params, 'lockId'),
        receiverUsername: params.receiverUsername,
        keyName: params.keyName,
        remarks: params.remarks,
        remoteEnable: optionalInt(params, 'remoteEnable', 1, 2) === 1 ? '1' : '0',
        keyRight: optionalInt(params, 'keyRight', 0, 1),
        createUser: optionalInt(params, 'createUser', 1, 2) === 1 ? '1' : '0',
        ...keyValidity(params),
      },
      caller,
    );
    return { keyId: sent.keyId };
  }),

  v3('/key/list', listKeys),
  v3('/lock/listKey', listKeys),
  v3('/key/delete', keyAction(ekey.remove)),
  v3('/key/freeze', keyAction(ekey.freeze)),
  v3('/key/unfreeze', keyAction(ekey.unfreeze)),

  v3('/identityCard/list', storedCredentialList(lockCredential.card.list, presentCard)),
  v3('/fingerprint/list', storedCredentialList(lockCredential.fingerprint.list, presentFingerprint)),
];
