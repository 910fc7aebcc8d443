import { createHmac } from 'node:crypto';
import { randomToken, safeEqual } from '../../security/crypto';

/**
 * A stay's guest link: `<stayId>.<nonce>.<mac>`, the MAC an HMAC-SHA-256 of the first two under a
 * key derived from SECRET_KEY (purpose "stay-guest-links"). Unguessable without the key; the
 * owner can see it again at any time (nothing secret is stored); a new nonce revokes the old link.
 * Whether the stay is still live and in its window is the service's to check.
 */
export class GuestLinks {
  constructor(private readonly key: Buffer) {}

  /** A fresh nonce for a stay (stored on its row). */
  static nonce(): string {
    return randomToken(18);
  }

  token(stayId: number, nonce: string): string {
    return `${stayId}.${nonce}.${this.mac(stayId, nonce)}`;
  }

  /** The stay and nonce a token names, or null when it is not one of ours. */
  parse(token: string): { stayId: number; nonce: string } | null {
    const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const stayId = Number(match[1]);
    const nonce = match[2] as string;
    return safeEqual(this.mac(stayId, nonce), match[3] as string) ? { stayId, nonce } : null;
  }

  private mac(stayId: number, nonce: string): string {
    return createHmac('sha256', this.key).update(`${stayId}.${nonce}`).digest('base64url');
  }
}
