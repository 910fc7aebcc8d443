// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The credentialSync calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const credentialSync = {
  RECONCILE_REPORT_ITEMS_MAX: 200,
  reconcile: { path: '/credentialSync/reconcile', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.credentialSync.reconcile
  >,
  summary: { path: '/credentialSync/summary', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.credentialSync.summary
  >,
} as const;
