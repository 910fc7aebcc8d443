// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The lockUser calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const lockUser = {
  EXPIRY_WINDOW_MAX_DAYS: 366,
  EXPORT_USER_PAGE_MAX: 500,
  REVOKE_JOBS_OPEN_MAX: 5,
  REVOKE_JOB_LOCKS_MAX: 200,
  RevokeState: {
    queued: 'queued',
    running: 'running',
    pending: 'pending',
    done: 'done',
    failed: 'failed',
  },
  deleteKeyUser: { path: '/user/deleteKeyUser', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockUser.deleteKeyUser
  >,
  exportUser: { path: '/lock/exportUser', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockUser.exportUser
  >,
  getExportUserNum: { path: '/lock/getExportUserNum', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockUser.getExportUserNum
  >,
  getRevokeJob: { path: '/user/getRevokeJob', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockUser.getRevokeJob
  >,
  listExpireUser: { path: '/user/listExpireUser', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockUser.listExpireUser
  >,
  listKeyGroup: { path: '/user/listKeyGroup', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockUser.listKeyGroup
  >,
  listKeyUser: { path: '/user/listKeyUser', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.lockUser.listKeyUser
  >,
  revokeKeyUser: { path: '/user/revokeKeyUser', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.lockUser.revokeKeyUser
  >,
} as const;
