import { z } from 'zod';
import { defineCall } from './define';
import { emptyData } from './fields';

/**
 * The account's client of the TTLock-compatible open API (docs/ttlock-compat.md): the client id
 * and secret integrations such as Home Assistant's TTLock integration log in with, the callback
 * address new unlock records are posted to, and the month's call count.
 */

/** The longest callback address taken. */
export const CALLBACK_URL_MAX = 500;

/** An absolute http or https address. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const openApiClient = z.object({
  /** Empty until the account's first client secret is made (/openApi/rotateClientSecret). */
  clientId: z.string(),
  /** http(s) address new unlock records are posted to (TTLock's callback form), empty when none. */
  callbackUrl: z.string(),
  /** When the secret was last made (epoch ms), or null. */
  secretChangedAt: z.number().nullable(),
  /** Open API calls made as this account in the current calendar month (UTC). */
  callsThisMonth: z.number().int(),
});

export const getClient = defineCall({
  path: '/openApi/getClient',
  method: 'GET',
  auth: 'session',
  summary:
    "The caller's open API client: its client id (never the secret), the callback address and this month's call count.",
  params: z.object({}),
  data: openApiClient,
});

export const rotateClientSecret = defineCall({
  path: '/openApi/rotateClientSecret',
  method: 'POST',
  auth: 'session',
  summary:
    "Make the caller's open API client (the first time) or a new secret for it. The secret is shown in this reply only; every token issued with the old one ends.",
  params: z.object({}),
  data: z.object({ clientId: z.string(), clientSecret: z.string() }),
});

export const setCallbackUrl = defineCall({
  path: '/openApi/setCallbackUrl',
  method: 'POST',
  auth: 'session',
  summary:
    "Where new unlock records of the caller's locks are posted in TTLock's callback form (form-encoded notifyType, lockId, lockMac, records); an http or https address, or empty to stop.",
  params: z.object({
    callbackUrl: z
      .string()
      .trim()
      .max(CALLBACK_URL_MAX)
      .refine((value) => value === '' || isWebAddress(value), { message: 'an http or https address' }),
  }),
  data: emptyData,
});
