import {
  DEVICE_COMMANDS,
  type DeviceCommandName,
  type DeviceCommandParams,
  type DeviceCommandResult,
} from '@smartlock/contract';
import type { SimulatedLock } from '../lock/lock';
import type { LockOutcome } from '../lock/outcome';

type Operation<N extends DeviceCommandName> = (
  lock: SimulatedLock,
  params: DeviceCommandParams<N>,
) => LockOutcome<DeviceCommandResult<N>>;

/** What each device command asks of the lock, over its Bluetooth connection. */
const OPERATIONS: { [N in DeviceCommandName]: Operation<N> } = {
  unlock: (lock, params) => lock.remoteUnlock(params.operator),
  lock: (lock) => lock.lockBolt(),
  queryState: (lock) => lock.queryState(),
  queryClock: (lock) => lock.queryClock(),
  setClock: (lock, params) => lock.setClock(params.time),
  parkingLock: (lock, params) => lock.controlParking(params.action),
  setSwitch: (lock, params) => lock.setSwitch(params.name, params.value),
  setAutoLock: (lock, params) => lock.configureAutoLock(params.seconds),
  setTimezone: (lock, params) => lock.configureTimezone(params.offset),
  setPassageMode: (lock, params) => lock.configurePassageMode(params.enabled, params.periods),
  setRoomStatus: (lock, params) => lock.setRoomStatus(params.status),
  revokeEKey: (lock, params) => lock.revokeEKey(params.keyId, params.belowVersion),
  addPasscode: (lock, params) => lock.addPasscode(params),
  changePasscode: (lock, params) => lock.changePasscode(params),
  deletePasscode: (lock, params) => lock.deletePasscode(params.passcodeId, params.code),
  addCredential: (lock, params) => lock.addCredential(params),
  changeCredential: (lock, params) => lock.changeCredential(params),
  deleteCredential: (lock, params) => lock.deleteCredential(params.kind, params.credentialId),
  clearCredentials: (lock, params) => lock.clearCredentials(params.kind),
  listCredentials: (lock) => lock.listCredentials(),
};

export type LockOperation = (lock: SimulatedLock) => LockOutcome<Record<string, unknown>>;

function isDeviceCommandName(name: string): name is DeviceCommandName {
  return Object.hasOwn(DEVICE_COMMANDS, name);
}

/**
 * A command's name and params checked against the device vocabulary: the operation to run on
 * the lock, or why there is none ("unsupported" name, "malformed" params).
 */
export function lockOperationOf(
  name: string,
  params: unknown,
): { ok: true; operate: LockOperation } | { ok: false; error: 'unsupported' | 'malformed' } {
  if (!isDeviceCommandName(name)) return { ok: false, error: 'unsupported' };
  const parsed = DEVICE_COMMANDS[name].params.safeParse(params);
  if (!parsed.success) return { ok: false, error: 'malformed' };
  const operation = OPERATIONS[name] as Operation<DeviceCommandName>;
  return { ok: true, operate: (lock) => operation(lock, parsed.data as never) };
}
