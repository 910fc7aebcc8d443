// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The stayGuest calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const stayGuest = {
  STAY_GUEST_PATH: '/stay',
  STAY_INSTRUCTIONS_MAX: 2000,
  guest: { path: '/stay/guest', method: 'GET', auth: 'public' } as CallRef<typeof calls.stayGuest.guest>,
  guestUnlock: { path: '/stay/guestUnlock', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.stayGuest.guestUnlock
  >,
  instructions: { path: '/stay/instructions', method: 'GET', auth: 'session' } as CallRef<
    typeof calls.stayGuest.instructions
  >,
  setInstructions: { path: '/stay/setInstructions', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.stayGuest.setInstructions
  >,
} as const;
