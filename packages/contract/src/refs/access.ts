// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The access calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const access = {
  ACCESS_PASSAGE_LOCKS_MAX: 200,
  ACCESS_WINDOW_MAX_DAYS: 31,
  groupAccess: { path: '/access/group', method: 'GET', auth: 'session' } as CallRef<typeof calls.access.groupAccess>,
  lockAccess: { path: '/access/lock', method: 'GET', auth: 'session' } as CallRef<typeof calls.access.lockAccess>,
  personAccess: { path: '/access/person', method: 'GET', auth: 'session' } as CallRef<typeof calls.access.personAccess>,
} as const;
