import {
  DEVICE_COMMANDS,
  type DeviceCommandName,
  hasFeature,
  LOCK_CREDENTIAL_KINDS,
  type LockCredentialKind,
  type LockFeatureName,
  LockSetting,
  LockSwitch,
  type PassagePeriod,
  type RemoteOperationName,
  RemoteUnlockSwitch,
  RoomStatus,
  validateAutoLockTime,
  validatePassagePeriods,
} from '@smartlock/contract';
import { ApiError, assertVerdict } from '../../http/apiError';
import type { LockRow } from '../lock/lockAccess';

export interface CommandPlan {
  command: DeviceCommandName;
  params: Record<string, unknown>;
}

/** The operations on cards, fingerprints, faces, palm veins, QR codes and key fobs. */
export type CredentialOperationName = Extract<
  RemoteOperationName,
  'addCredential' | 'changeCredential' | 'deleteCredential' | 'clearCredentials' | 'reportCardLoss'
>;

/** The device command each of them sends (a lost card is deleted from the lock). */
const CREDENTIAL_COMMANDS: Record<CredentialOperationName, DeviceCommandName> = {
  addCredential: 'addCredential',
  changeCredential: 'changeCredential',
  deleteCredential: 'deleteCredential',
  clearCredentials: 'clearCredentials',
  reportCardLoss: 'deleteCredential',
};

/** The kind a stored-credential command is for (each kind needs the lock feature of the same name). */
function credentialKindOf(params: Record<string, unknown> | undefined): LockCredentialKind {
  const kind = params?.kind;
  if (!(LOCK_CREDENTIAL_KINDS as readonly unknown[]).includes(kind)) throw new ApiError('badParameter', {}, 'kind');
  return kind as LockCredentialKind;
}

/** What the caller asked for, beyond the lock. */
export interface OperationRequest {
  name: RemoteOperationName;
  operator: string;
  action?: 'raising' | 'lowering';
  setting?: { type: string; value: number };
  autoLockSeconds?: number;
  timezoneRawOffset?: number;
  passageMode?: { enabled: boolean; periods: PassagePeriod[] };
  /** The device params of a credential command (passcodes, eKey revocations, cards...), built by their domain. */
  credential?: Record<string, unknown>;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const TIMEZONE_RANGE_MS = { min: -12 * 3_600_000, max: 14 * 3_600_000 } as const;

function requireFeature(lock: LockRow, feature: LockFeatureName): void {
  if (!hasFeature(lock.featureValue, feature)) throw new ApiError('operationNotSupported', {}, feature);
}

const isParking = (lock: LockRow) => hasFeature(lock.featureValue, 'parkingLock');

/**
 * The device command for a remote operation on a lock, after the checks the cloud makes before
 * anything is sent: remote unlock must be switched on for the lock, car-park locks are raised
 * and lowered rather than unlocked, switch values must be the switch's own.
 */
export function planOperation(lock: LockRow, request: OperationRequest): CommandPlan {
  switch (request.name) {
    case 'unlock':
      if (isParking(lock)) throw new ApiError('operationNotSupported', {}, 'car-park locks are lowered');
      if (lock.switches[LockSwitch.remoteUnlock] !== RemoteUnlockSwitch.on)
        throw new ApiError('remoteUnlockNotEnabled');
      return { command: 'unlock', params: { operator: request.operator } };
    case 'lock':
      if (isParking(lock)) throw new ApiError('operationNotSupported', {}, 'car-park locks are raised');
      return { command: 'lock', params: {} };
    case 'queryState':
      return { command: 'queryState', params: {} };
    case 'queryDate':
      return { command: 'queryClock', params: {} };
    case 'updateDate':
      return { command: 'setClock', params: { time: Date.now() } };
    case 'parkingLock':
      if (!isParking(lock)) throw new ApiError('operationNotSupported', {}, 'not a car-park lock');
      return { command: 'parkingLock', params: { action: request.action } };
    case 'updateSetting': {
      const setting = request.setting;
      if (!setting) throw new ApiError('badParameter', {}, 'type and value');
      if (setting.type === LockSetting.roomStatus) {
        requireFeature(lock, 'hotelLock');
        if (setting.value !== RoomStatus.checkedIn && setting.value !== RoomStatus.empty) {
          throw new ApiError('badParameter', {}, 'value');
        }
        return { command: 'setRoomStatus', params: { status: setting.value } };
      }
      const allowed = setting.type === LockSwitch.hotelMode ? [0, 1] : [1, 2];
      if (!allowed.includes(setting.value)) throw new ApiError('badParameter', {}, 'value');
      return { command: 'setSwitch', params: { name: setting.type, value: setting.value } };
    }
    case 'setAutoLockTime': {
      requireFeature(lock, 'autoLock');
      assertVerdict(validateAutoLockTime(request.autoLockSeconds ?? Number.NaN), 'seconds');
      return { command: 'setAutoLock', params: { seconds: request.autoLockSeconds } };
    }
    case 'changeTimezone': {
      const offset = request.timezoneRawOffset ?? Number.NaN;
      if (
        !Number.isInteger(offset) ||
        offset < TIMEZONE_RANGE_MS.min ||
        offset > TIMEZONE_RANGE_MS.max ||
        offset % QUARTER_HOUR_MS !== 0
      ) {
        throw new ApiError('badParameter', {}, 'timezoneRawOffset');
      }
      return { command: 'setTimezone', params: { offset } };
    }
    case 'configPassageMode': {
      requireFeature(lock, 'passageMode');
      const passage = request.passageMode ?? { enabled: false, periods: [] };
      assertVerdict(validatePassagePeriods(passage.periods, passage.enabled), 'periods');
      return { command: 'setPassageMode', params: passage };
    }
    case 'addPasscode':
    case 'changePasscode':
    case 'deletePasscode':
      requireFeature(lock, 'passcode');
      return { command: request.name, params: request.credential ?? {} };
    case 'revokeEKey':
      return { command: 'revokeEKey', params: request.credential ?? {} };
    case 'addCredential':
    case 'changeCredential':
    case 'deleteCredential':
    case 'clearCredentials':
    case 'reportCardLoss':
      requireFeature(lock, credentialKindOf(request.credential));
      return { command: CREDENTIAL_COMMANDS[request.name], params: request.credential ?? {} };
  }
}

/** The params of a plan, checked against the device vocabulary before they are signed. */
export function checkedParams(plan: CommandPlan): Record<string, unknown> {
  return DEVICE_COMMANDS[plan.command].params.parse(plan.params) as Record<string, unknown>;
}
