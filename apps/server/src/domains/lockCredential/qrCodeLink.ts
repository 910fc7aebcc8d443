import { randomInt } from 'node:crypto';
import { hmacHex } from '../../security/crypto';

/** The prefix of what a QR code carries. */
export const QR_LINK_PREFIX = 'smartlock-qr';

/**
 * What a QR code carries (docs/api.md): `smartlock-qr:<lockMac>:<number>:<mac>`, where `mac` is
 * hex HMAC-SHA256(Q, "<lockMac>:<number>") and Q = hex HMAC-SHA256(lockSecret,
 * "smartlock/qr-code/v1") — keyed like eKey credentials (docs/credentials.md), so the lock's QR
 * reader checks a code with no network and nobody can make one without the lock's secret. The
 * lock stores the number (addCredential `value`) with its validity; deleting it ends the code.
 */
export function qrCodeLink(lock: { mac: string; lockSecret: string }, number: string): string {
  const key = hmacHex(lock.lockSecret, 'smartlock/qr-code/v1');
  return `${QR_LINK_PREFIX}:${lock.mac}:${number}:${hmacHex(key, `${lock.mac}:${number}`)}`;
}

/** A random 12-digit QR code number (no leading zero). */
export function randomQrNumber(): string {
  return String(randomInt(100_000_000_000, 1_000_000_000_000));
}
