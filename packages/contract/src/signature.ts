/**
 * Spec section 7: every call is signed with HMAC-SHA256 over the sorted, trimmed parameters and
 * the path. One canonical string, built here for both sides; the browser signs with Web Crypto
 * (`signRequest`), the server verifies with node:crypto over the same `canonicalString`.
 * `test-vectors/signature.json` pins the result so both always agree.
 */

import { hmacSha256Hex } from './hmac';

/** The parameters every call carries besides its own. */
export const RequestParam = {
  appId: 'appId',
  sign: 'sign',
  timestamp: 'timestamp',
  lang: 'lang',
  packageName: 'packageName',
  accessToken: 'accessToken',
} as const;

/** A call's timestamp may differ from the server's clock by at most this much either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export type SignableParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `path` + "\n" + the parameters other than `sign`, sorted by name (code-unit order), each as
 * name=value with the value trimmed, both percent-encoded (RFC 3986), joined by "&".
 * Undefined and null parameters are left out, as they are never sent.
 */
export function canonicalString(path: string, params: SignableParams): string {
  const pairs = Object.keys(params)
    .filter((key) => key !== RequestParam.sign && params[key] !== undefined && params[key] !== null)
    .sort()
    .map((key) => `${encode(key)}=${encode(String(params[key]).trim())}`);
  return `${path}\n${pairs.join('&')}`;
}

/** The lowercase hex HMAC-SHA256 of the canonical string, with Web Crypto (browser and Node). */
export async function signRequest(path: string, params: SignableParams, secret: string): Promise<string> {
  return hmacSha256Hex(secret, canonicalString(path, params));
}
