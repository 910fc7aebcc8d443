// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The service calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const service = {
  getBalance: { path: '/service/getBalance', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.service.getBalance
  >,
  getPriceList: { path: '/service/getPriceList', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.service.getPriceList
  >,
} as const;
