// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The company calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const company = {
  getCompanyInfo: { path: '/company/getInfo', method: 'GET', auth: 'public' } as CallRef<
    typeof calls.company.getCompanyInfo
  >,
  getPasscodeMinLength: { path: '/company/getPasscodeMinLength', method: 'GET', auth: 'public' } as CallRef<
    typeof calls.company.getPasscodeMinLength
  >,
} as const;
