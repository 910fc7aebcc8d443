// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The lock calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const lock = {
  UNLOCK_LINK_MAX_MINUTES: 10080,
  UNLOCK_LINK_PATH: '/unlockByLink',
  batchUnlock: { path: '/lock/batchUnlock', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.batchUnlock>,
  changeTimezoneRawOffset: { path: '/lock/changeTimezoneRawOffset', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lock.changeTimezoneRawOffset
  >,
  configPassageMode: { path: '/lock/configPassageMode', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lock.configPassageMode
  >,
  controlParkingLock: { path: '/lock/controlParkingLock', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lock.controlParkingLock
  >,
  createUnlockLink: { path: '/lock/createUnlockLink', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lock.createUnlockLink
  >,
  detail: { path: '/lock/detail', method: 'GET', auth: 'session' } as CallRef<typeof calls.lock.detail>,
  getPassageModeConfig: { path: '/lock/getPassageModeConfig', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lock.getPassageModeConfig
  >,
  getRemoteOperation: { path: '/lock/getRemoteOperation', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lock.getRemoteOperation
  >,
  initialize: { path: '/lock/initialize', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.initialize>,
  list: { path: '/lock/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.lock.list>,
  listForRemoteOperation: { path: '/lock/listForRemoteOperation', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lock.listForRemoteOperation
  >,
  listForTransfer: { path: '/lock/listForTransfer', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lock.listForTransfer
  >,
  lockBolt: { path: '/lock/lock', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.lockBolt>,
  queryDate: { path: '/lock/queryDate', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.queryDate>,
  queryState: { path: '/lock/queryState', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.queryState>,
  rename: { path: '/lock/rename', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.rename>,
  setAutoLockTime: { path: '/lock/setAutoLockTime', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lock.setAutoLockTime
  >,
  setEKeyCredentialMaxAge: { path: '/lock/setEKeyCredentialMaxAge', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lock.setEKeyCredentialMaxAge
  >,
  transfer: { path: '/lock/transfer', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.transfer>,
  unlock: { path: '/lock/unlock', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.unlock>,
  unlockByLink: { path: '/lock/unlockByLink', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.lock.unlockByLink
  >,
  updateDate: { path: '/lock/updateDate', method: 'POST', auth: 'session' } as CallRef<typeof calls.lock.updateDate>,
  updateSetting: { path: '/lock/updateSetting', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lock.updateSetting
  >,
} as const;
