// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The alert calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const alert = {
  getSettings: { path: '/alert/getSettings', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.alert.getSettings
  >,
  list: { path: '/alert/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.alert.list>,
  read: { path: '/alert/read', method: 'POST', auth: 'session' } as CallRef<typeof calls.alert.read>,
  readAll: { path: '/alert/readAll', method: 'POST', auth: 'session' } as CallRef<typeof calls.alert.readAll>,
  unreadCount: { path: '/alert/unreadCount', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.alert.unreadCount
  >,
  updateSettings: { path: '/alert/updateSettings', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.alert.updateSettings
  >,
} as const;
