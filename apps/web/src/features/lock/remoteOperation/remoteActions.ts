import { LockSwitch, ParkingLockAction, Switch } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { type SettingAction, type SettingRequest, settingStart } from './settingRequests';

/** What a console user can ask a lock to do through its gateway, needing nothing more than the lock. */
export const REMOTE_ACTIONS = [
  'unlock',
  'lock',
  'raise',
  'lower',
  'queryState',
  'queryDate',
  'updateDate',
  'remoteUnlockOn',
  'remoteUnlockOff',
] as const;
export type SimpleAction = (typeof REMOTE_ACTIONS)[number];

/** Every action the console follows on a lock: the simple ones and the settings changes. */
export type RemoteAction = SimpleAction | SettingAction;

/** What to start: a simple action by name, or a settings change with its value. */
export type RemoteRequest = SimpleAction | SettingRequest;

/**
 * What to ask before an action that opens the lock to whoever is there (unlock, lowering a
 * car-park lock), as i18n keys (the title takes the lock's `name`); undefined for the others.
 */
export function confirmationOf(action: RemoteAction): { title: string; content: string } | undefined {
  if (action === 'unlock') return { title: 'remote.confirm.unlockTitle', content: 'remote.confirm.unlockBody' };
  if (action === 'lower') return { title: 'remote.confirm.lowerTitle', content: 'remote.confirm.lowerBody' };
  return undefined;
}

export function actionOf(request: RemoteRequest): RemoteAction {
  return typeof request === 'string' ? request : request.action;
}

type OperationCall =
  | typeof lock.unlock
  | typeof lock.lockBolt
  | typeof lock.controlParkingLock
  | typeof lock.queryState
  | typeof lock.queryDate
  | typeof lock.updateDate
  | ReturnType<typeof settingStart>['call'];

export interface ActionStart {
  call: OperationCall;
  params: Record<string, string | number>;
}

/** The call that starts an action on a lock, with its parameters; each answers with the operation. */
export function actionStart(request: RemoteRequest, lockId: number): ActionStart {
  if (typeof request !== 'string') return settingStart(request, lockId);
  switch (request) {
    case 'unlock':
      return { call: lock.unlock, params: { lockId } };
    case 'lock':
      return { call: lock.lockBolt, params: { lockId } };
    case 'raise':
      return { call: lock.controlParkingLock, params: { lockId, action: ParkingLockAction.raising } };
    case 'lower':
      return { call: lock.controlParkingLock, params: { lockId, action: ParkingLockAction.lowering } };
    case 'queryState':
      return { call: lock.queryState, params: { lockId } };
    case 'queryDate':
      return { call: lock.queryDate, params: { lockId } };
    case 'updateDate':
      return { call: lock.updateDate, params: { lockId } };
    case 'remoteUnlockOn':
      return { call: lock.updateSetting, params: { lockId, type: LockSwitch.remoteUnlock, value: Switch.on } };
    case 'remoteUnlockOff':
      return { call: lock.updateSetting, params: { lockId, type: LockSwitch.remoteUnlock, value: Switch.off } };
  }
}
