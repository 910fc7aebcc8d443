// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The map calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const map = {
  MAP_LIVE_PATH: '/api/map/live',
  MAP_MIN_LOCKS_PER_CITY: 3,
  getActivity: { path: '/map/getActivity', method: 'GET', auth: 'public' } as CallRef<typeof calls.map.getActivity>,
  searchCities: { path: '/city/search', method: 'GET', auth: 'session' } as CallRef<typeof calls.map.searchCities>,
  setGatewayLocation: { path: '/gateway/setLocation', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.map.setGatewayLocation
  >,
  setLockLocation: { path: '/lock/setLocation', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.map.setLockLocation
  >,
} as const;
