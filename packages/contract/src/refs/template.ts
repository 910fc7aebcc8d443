// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The template calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const template = {
  add: { path: '/template/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.template.add>,
  list: { path: '/template/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.template.list>,
  remove: { path: '/template/delete', method: 'POST', auth: 'session' } as CallRef<typeof calls.template.remove>,
  update: { path: '/template/update', method: 'POST', auth: 'session' } as CallRef<typeof calls.template.update>,
} as const;
