// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The webhook calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const webhook = {
  WEBHOOK_DELIVERIES_PAGE_MAX: 50,
  WEBHOOK_ENDPOINTS_MAX: 20,
  WEBHOOK_PENDING_MAX: 10000,
  WEBHOOK_TEST_EVENT: 'webhook.test',
  WEBHOOK_URL_MAX: 500,
  add: { path: '/webhook/add', method: 'POST', auth: 'session' } as CallRef<typeof calls.webhook.add>,
  deliveries: { path: '/webhook/deliveries', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.webhook.deliveries
  >,
  list: { path: '/webhook/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.webhook.list>,
  redeliver: { path: '/webhook/redeliver', method: 'POST', auth: 'session' } as CallRef<typeof calls.webhook.redeliver>,
  remove: { path: '/webhook/delete', method: 'POST', auth: 'session' } as CallRef<typeof calls.webhook.remove>,
  rotateSecret: { path: '/webhook/rotateSecret', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.webhook.rotateSecret
  >,
  secret: { path: '/webhook/secret', method: 'POST', auth: 'session' } as CallRef<typeof calls.webhook.secret>,
  sendTest: { path: '/webhook/sendTest', method: 'POST', auth: 'session' } as CallRef<typeof calls.webhook.sendTest>,
  update: { path: '/webhook/update', method: 'POST', auth: 'session' } as CallRef<typeof calls.webhook.update>,
} as const;
