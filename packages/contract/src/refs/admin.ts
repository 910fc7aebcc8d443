// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The admin calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

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
