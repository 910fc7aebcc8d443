/**
 * The roots of the console's query keys, one per server domain. Screens build their keys under
 * these, so a live event or a finished change refreshes every screen of a domain by prefix.
 */
export const QUERY_ROOT = {
  /** Who can open a lock at a moment (access at a moment). */
  access: ['access'],
  /** Authorized administrators and their locks. */
  admin: ['admin'],
  /** The account's alerts, their unread count and the alert rules. */
  alert: ['alert'],
  /** The account's API keys (the Developer page). */
  apiKey: ['apiKey'],
  /** The audit trail and its chain's check. */
  audit: ['audit'],
  /** Cities found by name (the bundled catalogue). */
  city: ['city'],
  /** Cards, fingerprints, faces, palm veins, QR codes and key fobs (`credential`, kind, ...). */
  credential: ['credential'],
  /** Credentials on the lock: a lock's summary by state and its last check. */
  credentialSync: ['credentialSync'],
  ekey: ['ekey'],
  gateway: ['gateway'],
  gatewayLocks: ['gateway', 'locks'],
  group: ['group'],
  /** The hotel settings and the hotel locks' rooms. */
  hotel: ['hotel'],
  lock: ['lock'],
  lockRecord: ['lockRecord'],
  /** The people holding credentials on the user's locks (lock users). */
  lockUser: ['lockUser'],
  /** The account's client of the TTLock-compatible open API (the Developer page). */
  openApi: ['openApi'],
  /** Orders of paid services (purchase records). */
  order: ['order'],
  passcode: ['passcode'],
  /** The price list and the account's balances of the value-added services. */
  service: ['service'],
  /** A stay's guest page and the arrival instructions of locks and groups. */
  stayGuest: ['stayGuest'],
  /** Calendar feeds and their stays (and the passcodes they issue). */
  stay: ['stay'],
  /** Message templates. */
  template: ['template'],
  /** The account's advanced function. */
  vip: ['vip'],
  /** The account's webhook endpoints and their delivery logs. */
  webhook: ['webhook'],
} as const;
