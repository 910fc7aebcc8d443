// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The access calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const access = {
  ACCESS_PASSAGE_LOCKS_MAX: 200,
  ACCESS_WINDOW_MAX_DAYS: 31,
  REVIEW_DAYS_DEFAULT: 90,
  REVIEW_DAYS_MAX: 3650,
  ReviewReason: {
    deleted: 'deleted',
    unregistered: 'unregistered',
  },
  groupAccess: { path: '/access/group', method: 'GET', auth: 'session' } as CallRef<typeof calls.access.groupAccess>,
  lockAccess: { path: '/access/lock', method: 'GET', auth: 'session' } as CallRef<typeof calls.access.lockAccess>,
  personAccess: { path: '/access/person', method: 'GET', auth: 'session' } as CallRef<typeof calls.access.personAccess>,
  reviewAdmins: { path: '/access/reviewAdmins', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.access.reviewAdmins
  >,
  reviewGone: { path: '/access/reviewGone', method: 'GET', auth: 'session' } as CallRef<typeof calls.access.reviewGone>,
  reviewUnused: { path: '/access/reviewUnused', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.access.reviewUnused
  >,
} as const;
