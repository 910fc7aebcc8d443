// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The stay calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const stay = {
  ONE_STAY_TARGET: {
    error: 'a lockId or a groupId, not both',
  },
  STAY_BUFFER_MAX_MINUTES: 1440,
  STAY_FEEDS_PER_ACCOUNT_MAX: 200,
  STAY_FEEDS_PER_TARGET_MAX: 10,
  STAY_FEED_URL_MAX: 1000,
  feedAdd: { path: '/stay/feedAdd', method: 'POST', auth: 'session' } as CallRef<typeof calls.stay.feedAdd>,
  feedDelete: { path: '/stay/feedDelete', method: 'POST', auth: 'session' } as CallRef<typeof calls.stay.feedDelete>,
  feedList: { path: '/stay/feedList', method: 'GET', auth: 'session' } as CallRef<typeof calls.stay.feedList>,
  feedPoll: { path: '/stay/feedPoll', method: 'POST', auth: 'session' } as CallRef<typeof calls.stay.feedPoll>,
  feedUpdate: { path: '/stay/feedUpdate', method: 'POST', auth: 'session' } as CallRef<typeof calls.stay.feedUpdate>,
  list: { path: '/stay/list', method: 'GET', auth: 'session' } as CallRef<typeof calls.stay.list>,
} as const;
