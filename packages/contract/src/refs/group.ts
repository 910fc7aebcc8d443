// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The group calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const group = {
  add: { path: '/group/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.group.add>,
  list: { path: '/group/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.group.list>,
  remove: { path: '/group/delete', method: 'POST', auth: 'session' } as CallRef<typeof calls.group.remove>,
  rename: { path: '/group/rename', method: 'POST', auth: 'session' } as CallRef<typeof calls.group.rename>,
  setLocks: { path: '/group/setLocks', method: 'POST', auth: 'session' } as CallRef<typeof calls.group.setLocks>,
} as const;
