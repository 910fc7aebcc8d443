// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The lockCredential calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

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
