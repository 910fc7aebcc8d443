// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The audit calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const audit = {
  AUDIT_ACTOR_MAX: 100,
  list: { path: '/audit/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.audit.list>,
  verify: { path: '/audit/verify', method: 'GET', auth: 'session' } as CallRef<typeof calls.audit.verify>,
} as const;
