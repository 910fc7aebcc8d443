/**
 * API keys (docs/integrations.md): what a key may do, and the bounds on keys. Plain constants,
 * read by the call schemas (calls/apiKey.ts), the server's call classification and the console.
 */

/** What a key may do: read (GET calls); change locks, groups, gateways and settings; credentials; remote operations. */
export const API_KEY_SCOPES = ['read', 'locks', 'credentials', 'remote'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The most live (not revoked) keys an account may hold. */
export const API_KEYS_PER_ACCOUNT_MAX = 50;
/** The most locks a key's subset may name. */
export const API_KEY_LOCKS_MAX = 100;
/** The prefix every key's secret starts with. */
export const API_KEY_PREFIX = 'slk_';
