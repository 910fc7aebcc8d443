import {
  DEVICE_COMMANDS,
  type DeviceCommandName,
  hasFeature,
  LockSwitch,
  type RemoteOperationName,
  RemoteUnlockSwitch,
} from '@smartlock/contract';
import { ApiError } from '../../http/apiError';
import type { LockRow } from '../lock/lockAccess';

export interface CommandPlan {
  command: DeviceCommandName;
  params: Record<string, unknown>;
}

/** What the caller asked for, beyond the lock. */
export interface OperationRequest {
  name: RemoteOperationName;
  operator: string;
  action?: 'raising' | 'lowering';
  setting?: { type: string; value: number };
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
      const allowed = setting.type === LockSwitch.hotelMode ? [0, 1] : [1, 2];
      if (!allowed.includes(setting.value)) throw new ApiError('badParameter', {}, 'value');
      return { command: 'setSwitch', params: { name: setting.type, value: setting.value } };
    }
  }
}

/** The params of a plan, checked against the device vocabulary before they are signed. */
export function checkedParams(plan: CommandPlan): Record<string, unknown> {
  return DEVICE_COMMANDS[plan.command].params.parse(plan.params) as Record<string, unknown>;
}
