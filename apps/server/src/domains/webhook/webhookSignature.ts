import { hmacHex, safeEqual } from '../../security/crypto';

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const SIGNATURE_HEADER = 'Smartlock-Signature';
export const EVENT_ID_HEADER = 'Smartlock-Event-Id';
export const EVENT_HEADER = 'Smartlock-Event';
/** How old a signature a receiver should still take (docs/integrations.md). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The signature header's value for `body` sent at `seconds` (unix time). */
export function signDelivery(secret: string, body: string, seconds: number): string {
  return `t=${seconds},v1=${hmacHex(secret, `${seconds}.${body}`)}`;
}

/**
 * What a receiver does (the documented snippet's logic): the header's time within the tolerance
 * of `nowSeconds`, and one of its v1 signatures equal to ours, compared in constant time.
 */
export function verifyDelivery(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = hmacHex(secret, `${t}.${body}`);
  return parts.some(([key, value]) => key === 'v1' && value !== undefined && safeEqual(value, expected));
}
