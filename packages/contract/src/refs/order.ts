// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The order calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const order = {
  cancel: { path: '/order/cancel', method: 'POST', auth: 'session' } as CallRef<typeof calls.order.cancel>,
  create: { path: '/order/create', method: 'POST', auth: 'session' } as CallRef<typeof calls.order.create>,
  detail: { path: '/order/detail', method: 'GET', auth: 'session' } as CallRef<typeof calls.order.detail>,
  list: { path: '/order/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.order.list>,
  pay: { path: '/order/pay', method: 'POST', auth: 'session' } as CallRef<typeof calls.order.pay>,
  refund: { path: '/order/refund', method: 'POST', auth: 'session' } as CallRef<typeof calls.order.refund>,
} as const;
