import { z } from 'zod';
import { API_KEY_LOCKS_MAX, API_KEY_SCOPES } from '../apiKeys';
import { NAME_MAX } from '../limits';
import { defineCall } from './define';
import { idField, requiredText } from './fields';

/**
 * The account's API keys (docs/integrations.md): a secret an integration sends as
 * `Authorization: Bearer slk_...` on any /api call, instead of a session and the app's signature.
 * A key acts as its account, only within its scopes and, when it names some, its locks; it can
 * never do more than the account may. Managed with a session only: no key can manage keys.
 */

/** Comma-separated scopes, each once at most, at least one. */
const scopesField = z
  .string()
  .trim()
  .regex(/^[a-z]+(,[a-z]+){0,3}$/)
  .transform((value) => [...new Set(value.split(','))])
  .pipe(z.array(z.enum(API_KEY_SCOPES)).min(1));

/** Comma-separated lock ids, at most API_KEY_LOCKS_MAX; empty for every lock the account manages. */
const lockSubsetField = z
  .string()
  .trim()
  .regex(new RegExp(`^([1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${API_KEY_LOCKS_MAX - 1}})?$`))
  .transform((value) => (value === '' ? [] : [...new Set(value.split(',').map(Number))]))
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)))
  .default([]);

export const apiKeyItem = z.object({
  apiKeyId: z.number().int(),
  name: z.string(),
  /** The first characters of the secret (slk_ and six more), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The locks the key is limited to (those that still exist), or null for every lock the account manages. */
  locks: z.array(z.object({ lockId: z.number().int(), lockName: z.string() })).nullable(),
  createdAt: z.number(),
  /** When the key was last used (noted at most once a minute), or null. */
  lastUsedAt: z.number().nullable(),
  /** Calls made with the key in the current calendar month (UTC). */
  callsThisMonth: z.number().int(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

export const list = defineCall({
  path: '/apiKey/list',
  method: 'GET',
  auth: 'session',
  summary:
    "The caller's live API keys (never their secrets): name, scopes, locks, when made and last used, and this month's calls.",
  params: z.object({}),
  data: z.object({ list: z.array(apiKeyItem), callsPerMinute: z.number().int() }),
});

export const create = defineCall({
  path: '/apiKey/create',
  method: 'POST',
  auth: 'session',
  summary: `Make an API key with a name, scopes (comma-separated: ${API_KEY_SCOPES.join(', ')}) and optionally the locks it is limited to (comma-separated ids of locks the caller manages). The secret is in this reply only; the server keeps its SHA-256.`,
  params: z.object({
    name: requiredText(NAME_MAX),
    scopes: scopesField,
    lockIds: lockSubsetField,
  }),
  data: z.object({ apiKeyId: z.number().int(), secret: z.string() }),
});

export const revoke = defineCall({
  path: '/apiKey/revoke',
  method: 'POST',
  auth: 'session',
  summary: "Revoke one of the caller's API keys: its next call is refused.",
  params: z.object({ apiKeyId: idField }),
  data: z.object({}),
});
