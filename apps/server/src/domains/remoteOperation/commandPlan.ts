import {
  DEVICE_COMMANDS,
  type DeviceCommandName,
  hasFeature,
  LOCK_CREDENTIAL_KINDS,
  type LockCredentialKind,
  LockSetting,
  LockSwitch,
  type PassagePeriod,
  type RemoteOperationName,
  RemoteUnlockSwitch,
  Switch,
} from '@smartlock/contract';
import { ApiError } from '../../http/apiError';
import { auditChange } from '../audit/auditNote';
import type { LockRow } from '../lock/lockQueries';
import {
  planAutoLockTime,
  planPassageMode,
  planSetting,
  planTimezone,
  requireLockFeature,
} from '../lock/lockSettingPlan';

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
  /** The account that asked, by name: only an unlock carries it (usesOperator). */
  operator: string;
  action?: 'raising' | 'lowering';
  setting?: { type: string; value: number };
  autoLockSeconds?: number;
  timezoneRawOffset?: number;
  passageMode?: { enabled: boolean; periods: PassagePeriod[] };
  /** The device params of a credential command (passcodes, eKey revocations, cards...), built by their domain. */
  credential?: Record<string, unknown>;
}

/**
 * A setting's change noted for the audit trail once its plan is valid: the lock's value now and
 * the one asked for (the lock confirms it through the operation).
 */
function audited(
  plan: CommandPlan,
  change: () => [Record<string, unknown>, Record<string, unknown>] | undefined,
): CommandPlan {
  const noted = change();
  if (noted) auditChange(...noted);
  return plan;
}

/** A switch's or the room status's value before and after. */
function settingChange(
  lock: LockRow,
  setting: { type: string; value: number },
): [Record<string, unknown>, Record<string, unknown>] {
  const now = setting.type === LockSetting.roomStatus ? lock.roomStatus : (lock.switches[setting.type] ?? null);
  return [{ [setting.type]: now }, { [setting.type]: setting.value }];
}

const isParking = (lock: LockRow) => hasFeature(lock.featureValue, 'parkingLock');

/** Whether the operation's command names the account that asked (the lock records who unlocked). */
export function usesOperator(name: RemoteOperationName): boolean {
  return name === 'unlock';
}

/**
 * The device command for a remote operation on a lock, after the checks the cloud makes before
 * anything is sent: remote unlock must be switched on for the lock, car-park locks are raised
 * and lowered rather than unlocked; the lock's settings are planned by the lock
 * (lock/lockSettingPlan.ts), credentials' params built by their domains.
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
    case 'updateSetting':
      return audited(planSetting(lock, request.setting), () =>
        request.setting ? settingChange(lock, request.setting) : undefined,
      );
    case 'setAutoLockTime':
      return audited(planAutoLockTime(lock, request.autoLockSeconds), () => [
        { autoLockSeconds: lock.autoLockSeconds },
        { autoLockSeconds: request.autoLockSeconds },
      ]);
    case 'changeTimezone':
      return audited(planTimezone(request.timezoneRawOffset), () => [
        { timezoneRawOffset: lock.timezoneRawOffset },
        { timezoneRawOffset: request.timezoneRawOffset },
      ]);
    case 'configPassageMode':
      return audited(planPassageMode(lock, request.passageMode), () => [
        {
          passageMode: { enabled: lock.passageMode.passageMode === Switch.on, periods: lock.passageMode.periods },
        },
        { passageMode: request.passageMode },
      ]);
    case 'addPasscode':
    case 'changePasscode':
    case 'deletePasscode':
      requireLockFeature(lock, 'passcode');
      return { command: request.name, params: request.credential ?? {} };
    case 'revokeEKey':
      return { command: 'revokeEKey', params: request.credential ?? {} };
    case 'listCredentials':
      return { command: 'listCredentials', params: {} };
    case 'addCredential':
    case 'changeCredential':
    case 'deleteCredential':
    case 'clearCredentials':
    case 'reportCardLoss':
      requireLockFeature(lock, credentialKindOf(request.credential));
      return { command: CREDENTIAL_COMMANDS[request.name], params: request.credential ?? {} };
  }
}

/** The params of a plan, checked against the device vocabulary before they are signed. */
export function checkedParams(plan: CommandPlan): Record<string, unknown> {
  return DEVICE_COMMANDS[plan.command].params.parse(plan.params) as Record<string, unknown>;
}

/**
 * A successful reply's result, checked against the command's vocabulary; undefined when the
 * gateway sent something else (the operation then fails).
 */
export function checkedResult(command: string, result: unknown): Record<string, unknown> | undefined {
  const definition = DEVICE_COMMANDS[command as DeviceCommandName];
  const parsed = definition?.result.safeParse(result ?? {});
  return parsed?.success ? (parsed.data as Record<string, unknown>) : undefined;
}
