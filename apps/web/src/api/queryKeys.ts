/**
 * The roots of the console's query keys, one per server domain. Screens build their keys under
 * these, so a live event or a finished change refreshes every screen of a domain by prefix.
 */
export const QUERY_ROOT = {
  ekey: ['ekey'],
  gateway: ['gateway'],
  gatewayLocks: ['gateway', 'locks'],
  group: ['group'],
  lock: ['lock'],
  lockRecord: ['lockRecord'],
  passcode: ['passcode'],
} as const;
