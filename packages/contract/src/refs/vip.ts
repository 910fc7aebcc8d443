// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The vip calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const vip = {
  getInfo: { path: '/vip/getInfo', method: 'GET', auth: 'session' } as CallRef<typeof calls.vip.getInfo>,
  startTrial: { path: '/vip/startTrial', method: 'POST', auth: 'session' } as CallRef<typeof calls.vip.startTrial>,
} as const;
