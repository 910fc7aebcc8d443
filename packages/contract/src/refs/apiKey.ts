// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The apiKey calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const apiKey = {
  create: { path: '/apiKey/create', method: 'POST', auth: 'session' } as CallRef<typeof calls.apiKey.create>,
  list: { path: '/apiKey/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.apiKey.list>,
  revoke: { path: '/apiKey/revoke', method: 'POST', auth: 'session' } as CallRef<typeof calls.apiKey.revoke>,
} as const;
