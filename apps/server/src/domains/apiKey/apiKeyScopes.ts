import type { ApiKeyScope, CallDefinition } from '@smartlock/contract';

/** What a call needs of an API key: one scope, or `never` (only a logged-in user may make it). */
export type KeyRequirement = ApiKeyScope | 'never';

interface NamespaceRule {
  /** GET calls: `read`, or never with a key. */
  get: 'read' | 'never';
  /** POST calls, unless named in CALL_RULES. */
  post: KeyRequirement;
}

/**
 * The one classification of the API's calls for API keys (docs/integrations.md), by namespace
 * (the path's first segment): reads need `read`; changes need `locks` (locks, groups, gateways,
 * hotel, templates, alert rules and other settings), `credentials` (eKeys, passcodes, cards, fingerprints,
 * faces, palm veins, QR codes, key fobs, lock users) or `remote` (commands the lock carries out
 * now). The account itself, its sessions, payments, its API keys, its open API client, its
 * webhooks and its authorized administrators are never a key's: `never`. `apiKeyScopes.test.ts` holds every
 * contract call to this table.
 */
const NAMESPACE_RULES: Record<string, NamespaceRule> = {
  access: { get: 'read', post: 'never' },
  admin: { get: 'never', post: 'never' },
  alert: { get: 'read', post: 'locks' },
  apiKey: { get: 'never', post: 'never' },
  audit: { get: 'read', post: 'never' },
  card: { get: 'read', post: 'credentials' },
  city: { get: 'read', post: 'never' },
  company: { get: 'read', post: 'never' },
  credentialSync: { get: 'read', post: 'credentials' },
  ekey: { get: 'read', post: 'credentials' },
  face: { get: 'read', post: 'credentials' },
  fingerprint: { get: 'read', post: 'credentials' },
  gateway: { get: 'read', post: 'locks' },
  group: { get: 'read', post: 'locks' },
  hotel: { get: 'read', post: 'locks' },
  keyfob: { get: 'read', post: 'credentials' },
  lock: { get: 'read', post: 'locks' },
  lockRecord: { get: 'read', post: 'locks' },
  map: { get: 'read', post: 'never' },
  openApi: { get: 'never', post: 'never' },
  order: { get: 'never', post: 'never' },
  palmVein: { get: 'read', post: 'credentials' },
  passcode: { get: 'read', post: 'credentials' },
  qrcode: { get: 'read', post: 'credentials' },
  service: { get: 'read', post: 'never' },
  stay: { get: 'read', post: 'credentials' },
  template: { get: 'read', post: 'locks' },
  user: { get: 'never', post: 'never' },
  vip: { get: 'read', post: 'never' },
  // Webhook endpoints carry secrets: the account's own, never a key's.
  webhook: { get: 'never', post: 'never' },
};

/** The calls whose need differs from their namespace's rule. */
const CALL_RULES: Record<string, KeyRequirement> = {
  // Commands the lock carries out now, through its gateway.
  '/lock/unlock': 'remote',
  '/lock/lock': 'remote',
  '/lock/batchUnlock': 'remote',
  '/lock/controlParkingLock': 'remote',
  '/lock/createUnlockLink': 'remote',
  '/lock/queryState': 'remote',
  '/lock/queryDate': 'remote',
  // Opened by a link's token, not by an account.
  '/lock/unlockByLink': 'never',
  '/stay/guest': 'never',
  '/stay/guestUnlock': 'never',
  // Arrival instructions are the lock's settings, not a credential.
  '/stay/setInstructions': 'locks',
  // Reads made with POST.
  '/lock/export': 'read',
  '/lock/exportUser': 'read',
  '/lock/getExportUserNum': 'read',
  '/ekey/sync': 'read',
  '/user/isPaidFeatureAvailable': 'read',
  // The people holding credentials on the account's locks (lock users).
  '/user/listKeyUser': 'read',
  '/user/listKeyGroup': 'read',
  '/user/listExpireUser': 'read',
  '/user/getFaceAuthInfo': 'read',
  '/user/deleteKeyUser': 'credentials',
  '/user/revokeKeyUser': 'credentials',
  '/user/getRevokeJob': 'read',
};

/** What a call needs of an API key; undefined for a call of a namespace the table does not know (a test fails then). */
export function keyRequirementOf(call: Pick<CallDefinition, 'path' | 'method'>): KeyRequirement | undefined {
  const named = CALL_RULES[call.path];
  if (named !== undefined) return named;
  const rule = NAMESPACE_RULES[call.path.split('/')[1] ?? ''];
  if (rule === undefined) return undefined;
  return call.method === 'GET' ? rule.get : rule.post;
}

/** The paths named one by one, for the test that each is a contract call. */
export const NAMED_CALL_PATHS: readonly string[] = Object.keys(CALL_RULES);
