// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The passcode calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

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
