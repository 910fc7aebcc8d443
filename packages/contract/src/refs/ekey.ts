// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The ekey calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

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
