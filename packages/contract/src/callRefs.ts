// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The calls as the browser needs them (no schemas); src/callRefs.test.ts holds it to src/calls.
import type * as calls from './calls';
import type { CallRef } from './calls/define';

export const admin = {
  add: { path: '/admin/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.admin.add>,
  authorize: { path: '/admin/authorize', method: 'POST', auth: 'session' } as CallRef<typeof calls.admin.authorize>,
  deauthorize: { path: '/admin/deauthorize', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.admin.deauthorize
  >,
  list: { path: '/admin/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.admin.list>,
  listLocks: { path: '/admin/listLocks', method: 'GET', auth: 'session' } as CallRef<typeof calls.admin.listLocks>,
  remove: { path: '/admin/remove', method: 'POST', auth: 'session' } as CallRef<typeof calls.admin.remove>,
} as const;

export const company = {
  getCompanyInfo: { path: '/company/getInfo', method: 'GET', auth: 'public' } as CallRef<
    typeof calls.company.getCompanyInfo
  >,
  getPasscodeMinLength: { path: '/company/getPasscodeMinLength', method: 'GET', auth: 'public' } as CallRef<
    typeof calls.company.getPasscodeMinLength
  >,
} as const;

export const ekey = {
  changePeriod: { path: '/ekey/changePeriod', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.ekey.changePeriod
  >,
  deleteAll: { path: '/ekey/deleteAll', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.deleteAll>,
  faceAuth: {
    path: '/ekey/faceAuth',
    method: 'POST',
    auth: 'session',
    upload: { part: 'photo', maxBytes: 2097152, tooLarge: 'photoTooLarge' },
  } as CallRef<typeof calls.ekey.faceAuth>,
  freeze: { path: '/ekey/freeze', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.freeze>,
  freezeAll: { path: '/ekey/freezeAll', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.freezeAll>,
  list: { path: '/ekey/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.ekey.list>,
  remove: { path: '/ekey/delete', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.remove>,
  reset: { path: '/ekey/reset', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.reset>,
  send: { path: '/ekey/send', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.send>,
  sendBatch: { path: '/ekey/sendBatch', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.sendBatch>,
  sendNotice: { path: '/ekey/sendNotice', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.sendNotice>,
  sync: { path: '/ekey/sync', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.sync>,
  unfreeze: { path: '/ekey/unfreeze', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.unfreeze>,
  unfreezeAll: { path: '/ekey/unfreezeAll', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.unfreezeAll>,
  update: { path: '/ekey/update', method: 'POST', auth: 'session' } as CallRef<typeof calls.ekey.update>,
} as const;

export const gateway = {
  add: { path: '/gateway/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.gateway.add>,
  list: { path: '/gateway/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.gateway.list>,
  listLock: { path: '/gateway/listLock', method: 'GET', auth: 'session' } as CallRef<typeof calls.gateway.listLock>,
  remove: { path: '/gateway/delete', method: 'POST', auth: 'session' } as CallRef<typeof calls.gateway.remove>,
  rename: { path: '/gateway/rename', method: 'POST', auth: 'session' } as CallRef<typeof calls.gateway.rename>,
  transfer: { path: '/gateway/transfer', method: 'POST', auth: 'session' } as CallRef<typeof calls.gateway.transfer>,
  updateLockReach: { path: '/gateway/updateLockReach', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.gateway.updateLockReach
  >,
} as const;

export const group = {
  add: { path: '/group/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.group.add>,
  list: { path: '/group/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.group.list>,
  remove: { path: '/group/delete', method: 'POST', auth: 'session' } as CallRef<typeof calls.group.remove>,
  rename: { path: '/group/rename', method: 'POST', auth: 'session' } as CallRef<typeof calls.group.rename>,
  setLocks: { path: '/group/setLocks', method: 'POST', auth: 'session' } as CallRef<typeof calls.group.setLocks>,
} as const;

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

export const lockCredential = {
  CREDENTIAL_PATH: {
    card: '/card',
    fingerprint: '/fingerprint',
    face: '/face',
    palmVein: '/palmVein',
    qrCode: '/qrcode',
    keyFob: '/keyfob',
  },
  LOCK_CREDENTIAL_CALLS: {
    card: {
      list: { path: '/card/list', method: 'GET', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.card.list
      >,
      rename: { path: '/card/rename', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.card.rename
      >,
      changePeriod: { path: '/card/changePeriod', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.card.changePeriod
      >,
      remove: { path: '/card/delete', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.card.remove
      >,
      clear: { path: '/card/clear', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.card.clear
      >,
      add: { path: '/card/add', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.card.add
      >,
      reportLoss: { path: '/card/reportLoss', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.card.reportLoss
      >,
    },
    fingerprint: {
      list: { path: '/fingerprint/list', method: 'GET', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.fingerprint.list
      >,
      rename: { path: '/fingerprint/rename', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.fingerprint.rename
      >,
      changePeriod: { path: '/fingerprint/changePeriod', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.fingerprint.changePeriod
      >,
      remove: { path: '/fingerprint/delete', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.fingerprint.remove
      >,
      clear: { path: '/fingerprint/clear', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.fingerprint.clear
      >,
      add: { path: '/fingerprint/add', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.fingerprint.add
      >,
    },
    face: {
      list: { path: '/face/list', method: 'GET', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.face.list
      >,
      rename: { path: '/face/rename', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.face.rename
      >,
      changePeriod: { path: '/face/changePeriod', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.face.changePeriod
      >,
      remove: { path: '/face/delete', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.face.remove
      >,
      clear: { path: '/face/clear', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.face.clear
      >,
      add: {
        path: '/face/add',
        method: 'POST',
        auth: 'session',
        upload: { part: 'photo', maxBytes: 2097152, tooLarge: 'photoTooLarge' },
      } as CallRef<typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.face.add>,
      checkPhoto: {
        path: '/face/checkPhoto',
        method: 'POST',
        auth: 'session',
        upload: { part: 'photo', maxBytes: 2097152, tooLarge: 'photoTooLarge' },
      } as CallRef<typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.face.checkPhoto>,
    },
    palmVein: {
      list: { path: '/palmVein/list', method: 'GET', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.palmVein.list
      >,
      rename: { path: '/palmVein/rename', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.palmVein.rename
      >,
      changePeriod: { path: '/palmVein/changePeriod', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.palmVein.changePeriod
      >,
      remove: { path: '/palmVein/delete', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.palmVein.remove
      >,
      clear: { path: '/palmVein/clear', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.palmVein.clear
      >,
      add: { path: '/palmVein/add', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.palmVein.add
      >,
    },
    qrCode: {
      list: { path: '/qrcode/list', method: 'GET', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.qrCode.list
      >,
      rename: { path: '/qrcode/rename', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.qrCode.rename
      >,
      changePeriod: { path: '/qrcode/changePeriod', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.qrCode.changePeriod
      >,
      remove: { path: '/qrcode/delete', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.qrCode.remove
      >,
      clear: { path: '/qrcode/clear', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.qrCode.clear
      >,
      add: { path: '/qrcode/add', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.qrCode.add
      >,
    },
    keyFob: {
      list: { path: '/keyfob/list', method: 'GET', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.keyFob.list
      >,
      rename: { path: '/keyfob/rename', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.keyFob.rename
      >,
      changePeriod: { path: '/keyfob/changePeriod', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.keyFob.changePeriod
      >,
      remove: { path: '/keyfob/delete', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.keyFob.remove
      >,
      clear: { path: '/keyfob/clear', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.keyFob.clear
      >,
      add: { path: '/keyfob/add', method: 'POST', auth: 'session' } as CallRef<
        typeof calls.lockCredential.LOCK_CREDENTIAL_CALLS.keyFob.add
      >,
    },
  },
  card: {
    list: { path: '/card/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.lockCredential.card.list>,
    rename: { path: '/card/rename', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.card.rename
    >,
    changePeriod: { path: '/card/changePeriod', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.card.changePeriod
    >,
    remove: { path: '/card/delete', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.card.remove
    >,
    clear: { path: '/card/clear', method: 'POST', auth: 'session' } as CallRef<typeof calls.lockCredential.card.clear>,
    add: { path: '/card/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.lockCredential.card.add>,
    reportLoss: { path: '/card/reportLoss', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.card.reportLoss
    >,
  },
  face: {
    list: { path: '/face/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.lockCredential.face.list>,
    rename: { path: '/face/rename', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.face.rename
    >,
    changePeriod: { path: '/face/changePeriod', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.face.changePeriod
    >,
    remove: { path: '/face/delete', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.face.remove
    >,
    clear: { path: '/face/clear', method: 'POST', auth: 'session' } as CallRef<typeof calls.lockCredential.face.clear>,
    add: {
      path: '/face/add',
      method: 'POST',
      auth: 'session',
      upload: { part: 'photo', maxBytes: 2097152, tooLarge: 'photoTooLarge' },
    } as CallRef<typeof calls.lockCredential.face.add>,
    checkPhoto: {
      path: '/face/checkPhoto',
      method: 'POST',
      auth: 'session',
      upload: { part: 'photo', maxBytes: 2097152, tooLarge: 'photoTooLarge' },
    } as CallRef<typeof calls.lockCredential.face.checkPhoto>,
  },
  fingerprint: {
    list: { path: '/fingerprint/list', method: 'GET', auth: 'session' } as CallRef<
      typeof calls.lockCredential.fingerprint.list
    >,
    rename: { path: '/fingerprint/rename', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.fingerprint.rename
    >,
    changePeriod: { path: '/fingerprint/changePeriod', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.fingerprint.changePeriod
    >,
    remove: { path: '/fingerprint/delete', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.fingerprint.remove
    >,
    clear: { path: '/fingerprint/clear', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.fingerprint.clear
    >,
    add: { path: '/fingerprint/add', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.fingerprint.add
    >,
  },
  getFaceAuthInfo: { path: '/user/getFaceAuthInfo', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockCredential.getFaceAuthInfo
  >,
  getFaceAuthNumBalance: { path: '/lock/getFaceAuthNumBalance', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockCredential.getFaceAuthNumBalance
  >,
  getHotelInfo: { path: '/hotel/getInfo', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockCredential.getHotelInfo
  >,
  keyFob: {
    list: { path: '/keyfob/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.lockCredential.keyFob.list>,
    rename: { path: '/keyfob/rename', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.keyFob.rename
    >,
    changePeriod: { path: '/keyfob/changePeriod', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.keyFob.changePeriod
    >,
    remove: { path: '/keyfob/delete', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.keyFob.remove
    >,
    clear: { path: '/keyfob/clear', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.keyFob.clear
    >,
    add: { path: '/keyfob/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.lockCredential.keyFob.add>,
  },
  listLocksByCardNumber: { path: '/lock/listByCardNumber', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockCredential.listLocksByCardNumber
  >,
  palmVein: {
    list: { path: '/palmVein/list', method: 'GET', auth: 'session' } as CallRef<
      typeof calls.lockCredential.palmVein.list
    >,
    rename: { path: '/palmVein/rename', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.palmVein.rename
    >,
    changePeriod: { path: '/palmVein/changePeriod', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.palmVein.changePeriod
    >,
    remove: { path: '/palmVein/delete', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.palmVein.remove
    >,
    clear: { path: '/palmVein/clear', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.palmVein.clear
    >,
    add: { path: '/palmVein/add', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.palmVein.add
    >,
  },
  qrCode: {
    list: { path: '/qrcode/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.lockCredential.qrCode.list>,
    rename: { path: '/qrcode/rename', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.qrCode.rename
    >,
    changePeriod: { path: '/qrcode/changePeriod', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.qrCode.changePeriod
    >,
    remove: { path: '/qrcode/delete', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.qrCode.remove
    >,
    clear: { path: '/qrcode/clear', method: 'POST', auth: 'session' } as CallRef<
      typeof calls.lockCredential.qrCode.clear
    >,
    add: { path: '/qrcode/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.lockCredential.qrCode.add>,
  },
  setHotelRoom: { path: '/hotel/setLockRoom', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockCredential.setHotelRoom
  >,
  updateFaceAuthFrequency: { path: '/lock/updateFaceAuthFrequency', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockCredential.updateFaceAuthFrequency
  >,
  updateHotelInfo: { path: '/hotel/updateInfo', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockCredential.updateHotelInfo
  >,
} as const;

export const lockRecord = {
  QUERY_TYPE_OF_FILTER: {
    keyId: 1,
    keyboardPwd: 4,
    cardNo: 7,
    printNo: 8,
    palmVeinNo: -6,
    faceNo: -5,
    qrcodeNo: -4,
    keyfobNo: 37,
  },
  RECORD_COUNT_CAP: 10000,
  RECORD_SEARCH_COUNT_CAP: 1000,
  exportRecords: { path: '/lock/export', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockRecord.exportRecords
  >,
  list: { path: '/lockRecord/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.lockRecord.list>,
  upload: { path: '/lockRecord/upload', method: 'POST', auth: 'session' } as CallRef<typeof calls.lockRecord.upload>,
} as const;

export const lockUser = {
  EXPIRY_WINDOW_MAX_DAYS: 366,
  EXPORT_USER_PAGE_MAX: 500,
  deleteKeyUser: { path: '/user/deleteKeyUser', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockUser.deleteKeyUser
  >,
  exportUser: { path: '/lock/exportUser', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockUser.exportUser
  >,
  getExportUserNum: { path: '/lock/getExportUserNum', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockUser.getExportUserNum
  >,
  listExpireUser: { path: '/user/listExpireUser', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockUser.listExpireUser
  >,
  listKeyGroup: { path: '/user/listKeyGroup', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockUser.listKeyGroup
  >,
  listKeyUser: { path: '/user/listKeyUser', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockUser.listKeyUser
  >,
} as const;

export const map = {
  MAP_LIVE_PATH: '/api/map/live',
  MAP_MIN_LOCKS_PER_CITY: 3,
  getActivity: { path: '/map/getActivity', method: 'GET', auth: 'public' } as CallRef<typeof calls.map.getActivity>,
  searchCities: { path: '/city/search', method: 'GET', auth: 'session' } as CallRef<typeof calls.map.searchCities>,
  setGatewayLocation: { path: '/gateway/setLocation', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.map.setGatewayLocation
  >,
  setLockLocation: { path: '/lock/setLocation', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.map.setLockLocation
  >,
} as const;

export const order = {
  cancel: { path: '/order/cancel', method: 'POST', auth: 'session' } as CallRef<typeof calls.order.cancel>,
  create: { path: '/order/create', method: 'POST', auth: 'session' } as CallRef<typeof calls.order.create>,
  detail: { path: '/order/detail', method: 'GET', auth: 'session' } as CallRef<typeof calls.order.detail>,
  list: { path: '/order/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.order.list>,
  pay: { path: '/order/pay', method: 'POST', auth: 'session' } as CallRef<typeof calls.order.pay>,
  refund: { path: '/order/refund', method: 'POST', auth: 'session' } as CallRef<typeof calls.order.refund>,
} as const;

export const passcode = {
  add: { path: '/passcode/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.passcode.add>,
  change: { path: '/passcode/change', method: 'POST', auth: 'session' } as CallRef<typeof calls.passcode.change>,
  get: { path: '/passcode/get', method: 'POST', auth: 'session' } as CallRef<typeof calls.passcode.get>,
  list: { path: '/passcode/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.passcode.list>,
  remove: { path: '/passcode/delete', method: 'POST', auth: 'session' } as CallRef<typeof calls.passcode.remove>,
  sendNotice: { path: '/passcode/sendNotice', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.passcode.sendNotice
  >,
} as const;

export const service = {
  getBalance: { path: '/service/getBalance', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.service.getBalance
  >,
  getPriceList: { path: '/service/getPriceList', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.service.getPriceList
  >,
} as const;

export const template = {
  add: { path: '/template/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.template.add>,
  list: { path: '/template/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.template.list>,
  remove: { path: '/template/delete', method: 'POST', auth: 'session' } as CallRef<typeof calls.template.remove>,
  update: { path: '/template/update', method: 'POST', auth: 'session' } as CallRef<typeof calls.template.update>,
} as const;

export const user = {
  AVATAR_MAX_BYTES: 1048576,
  bindEmail: { path: '/user/bindEmail', method: 'POST', auth: 'session' } as CallRef<typeof calls.user.bindEmail>,
  bindMobile: { path: '/user/bindMobile', method: 'POST', auth: 'session' } as CallRef<typeof calls.user.bindMobile>,
  changeAccount: { path: '/user/changeAccount', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.changeAccount
  >,
  changePassword: { path: '/user/changePassword', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.changePassword
  >,
  checkPassword: { path: '/user/checkPassword', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.checkPassword
  >,
  getInfo: { path: '/user/getInfo', method: 'GET', auth: 'session' } as CallRef<typeof calls.user.getInfo>,
  getSliderVerifyImg: { path: '/user/getSliderVerifyImg', method: 'GET', auth: 'public' } as CallRef<
    typeof calls.user.getSliderVerifyImg
  >,
  isPaidFeatureAvailable: { path: '/user/isPaidFeatureAvailable', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.isPaidFeatureAvailable
  >,
  isSliderValid: { path: '/user/isSliderValid', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.user.isSliderValid
  >,
  login: { path: '/user/login', method: 'POST', auth: 'public' } as CallRef<typeof calls.user.login>,
  loginByAccessToken: { path: '/user/loginByAccessToken', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.user.loginByAccessToken
  >,
  logout: { path: '/user/logout', method: 'POST', auth: 'session' } as CallRef<typeof calls.user.logout>,
  register: { path: '/user/register', method: 'POST', auth: 'public' } as CallRef<typeof calls.user.register>,
  resetPassword: { path: '/user/resetPassword', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.user.resetPassword
  >,
  sendValidationCode: { path: '/user/sendValidationCode', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.user.sendValidationCode
  >,
  transferUserConfirm: { path: '/user/transferUserConfirm', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.transferUserConfirm
  >,
  unregister: { path: '/user/unregister', method: 'POST', auth: 'session' } as CallRef<typeof calls.user.unregister>,
  updateUserInfo: {
    path: '/user/updateUserInfo',
    method: 'POST',
    auth: 'session',
    upload: { part: 'avatar', maxBytes: 1048576, tooLarge: 'photoTooLarge' },
  } as CallRef<typeof calls.user.updateUserInfo>,
} as const;

export const vip = {
  getInfo: { path: '/vip/getInfo', method: 'GET', auth: 'session' } as CallRef<typeof calls.vip.getInfo>,
  startTrial: { path: '/vip/startTrial', method: 'POST', auth: 'session' } as CallRef<typeof calls.vip.startTrial>,
} as const;
