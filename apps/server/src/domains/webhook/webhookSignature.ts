import { hmacHex } from '../../security/crypto';

/**
 * The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. Receivers
 * check it with the snippet in docs/integrations.md (the database tests run that very snippet).
 */
export const SIGNATURE_HEADER = 'Smartlock-Signature';
export const EVENT_ID_HEADER = 'Smartlock-Event-Id';
export const EVENT_HEADER = 'Smartlock-Event';

/** The signature header's value for `body` sent at `seconds` (unix time). */
export function signDelivery(secret: string, body: string, seconds: number): string {
  return `t=${seconds},v1=${hmacHex(secret, `${seconds}.${body}`)}`;
}
