// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The lockRecord calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const lockRecord = {
  QUERY_TYPE_OF_FILTER: {
    keyId: 1,
    keyboardPwd: 4,
    cardNo: 7,
    printNo: 8,
    palmVeinNo: -6,
    faceNo: -5,
    qrcodeNo: -4,
    keyfobNo: 37,
  },
  RECORD_COUNT_CAP: 10000,
  RECORD_SEARCH_COUNT_CAP: 200,
  exportRecords: { path: '/lock/export', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockRecord.exportRecords
  >,
  list: { path: '/lockRecord/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.lockRecord.list>,
  upload: { path: '/lockRecord/upload', method: 'POST', auth: 'session' } as CallRef<typeof calls.lockRecord.upload>,
} as const;
