import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a delivery's signature comes in: `t=<unix seconds>,v1=<hex HMAC-SHA256>` (docs/integrations.md). */
export const SIGNATURE_HEADER = 'smartlock-signature';

/** How old a delivery may be, by default: older ones are refused as possible replays. */
export const DEFAULT_TOLERANCE_S = 300;

export interface WebhookCheck {
  /** The endpoint's secret, from the console's Developer page. */
  secret: string;
  /** The `Smartlock-Signature` header as received. */
  signature: string | null | undefined;
  /** The request body exactly as received (bytes or text), before any JSON parsing. */
  body: string | Uint8Array;
  /** Accepted age of the timestamp, in seconds (default 300). */
  toleranceS?: number;
  /** The time now, in milliseconds (for tests). */
  now?: number;
}

/**
 * Whether a webhook delivery was signed with the endpoint's secret and is recent: the signature
 * is HMAC-SHA256 over `<t>.<body>`, compared in constant time; any of several `v1` values may
 * match (while a secret is being rotated, deliveries carry one per secret).
 */
export function verifyWebhook(check: WebhookCheck): boolean {
  const parts = parseSignature(check.signature ?? '');
  if (!parts) return false;
  const nowS = Math.floor((check.now ?? Date.now()) / 1000);
  if (Math.abs(nowS - parts.timestamp) > (check.toleranceS ?? DEFAULT_TOLERANCE_S)) return false;
  const body = typeof check.body === 'string' ? Buffer.from(check.body, 'utf8') : Buffer.from(check.body);
  const expected = createHmac('sha256', check.secret).update(`${parts.timestamp}.`).update(body).digest();
  return parts.signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The header's timestamp and `v1` signatures; undefined when it is not of that form. */
function parseSignature(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}
