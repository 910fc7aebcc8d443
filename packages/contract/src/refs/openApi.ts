// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The openApi calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const openApi = {
  CALLBACK_URL_MAX: 500,
  getClient: { path: '/openApi/getClient', method: 'GET', auth: 'session' } as CallRef<typeof calls.openApi.getClient>,
  rotateClientSecret: { path: '/openApi/rotateClientSecret', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.openApi.rotateClientSecret
  >,
  setCallbackUrl: { path: '/openApi/setCallbackUrl', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.openApi.setCallbackUrl
  >,
} as const;
