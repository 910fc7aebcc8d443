import { LockSwitch, lock, ParkingLockAction, Switch } from '@smartlock/contract';

/** What a console user can ask a lock to do through its gateway. */
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
export type RemoteAction = (typeof REMOTE_ACTIONS)[number];

type OperationCall =
  | typeof lock.unlock
  | typeof lock.lockBolt
  | typeof lock.controlParkingLock
  | typeof lock.queryState
  | typeof lock.queryDate
  | typeof lock.updateDate
  | typeof lock.updateSetting;

export interface ActionStart {
  call: OperationCall;
  params: Record<string, string | number>;
}

/** The call that starts an action on a lock, with its parameters; each answers with the operation. */
export function actionStart(action: RemoteAction, lockId: number): ActionStart {
  switch (action) {
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
