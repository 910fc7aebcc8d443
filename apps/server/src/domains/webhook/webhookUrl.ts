import { isIP } from 'node:net';
import { ApiError } from '../../http/apiError';

/** An address of this machine or of a private network (IPv4 or IPv6 literal, or localhost). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (version === 6) {
    if (host === '::1' || host === '::') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isLocalHost(mapped[1] as string);
    // An IPv4-mapped address as URL writes it (::ffff:7f00:1 for 127.0.0.1).
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
    if (hex) {
      const [high, low] = [Number.parseInt(hex[1] as string, 16), Number.parseInt(hex[2] as string, 16)];
      return isLocalHost(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  }
  return false;
}

/**
 * Where webhooks may be sent (docs/integrations.md): https; http only to this machine or a
 * private network, and only outside production (a receiver under test); in production never to
 * such an address at all. No user name or password in the address (they would sit in the log).
 * Refused with webhookUrlNotAllowed.
 */
export function checkWebhookUrl(value: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError('webhookUrlNotAllowed');
  }
  const local = isLocalHost(url.hostname);
  const allowed =
    url.username === '' &&
    url.password === '' &&
    url.hostname !== '' &&
    (production
      ? url.protocol === 'https:' && !local
      : url.protocol === 'https:' || (url.protocol === 'http:' && local));
  if (!allowed) throw new ApiError('webhookUrlNotAllowed');
  return value;
}
