// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The gateway calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

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
