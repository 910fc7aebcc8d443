import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a notification's timestamp may be from now (seconds). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'x-sandbox-signature';

function mac(key: Buffer, timestamp: number, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
}

/** The signature header of a notification body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signNotification(key: Buffer, body: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${mac(key, timestamp, body)}`;
}

/** Whether the header signs this body with the key, within the tolerance. */
export function verifyNotification(key: Buffer, header: string | undefined, body: string, now = Date.now()): boolean {
  const fields = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(fields.get('t'));
  const given = fields.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(mac(key, timestamp, body), 'hex'));
}
