import { describe, expect, it } from 'vitest';
import { qrCodeLink, randomQrNumber } from './qrCodeLink';

/** HMAC-SHA256 in hex with Web Crypto, as a browser or a lock's firmware would compute it. */
async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(text));
  return Buffer.from(mac).toString('hex');
}

const lock = { mac: 'AA:BB:CC:00:11:22', lockSecret: 'a-lock-secret-of-32-random-bytes' };

describe('QR code links', () => {
  it('carry the lock, the number and a MAC a lock recomputes from its own secret (Web Crypto, as devices do)', async () => {
    const link = qrCodeLink(lock, '123456789012');
    const [prefix, ...rest] = link.split(':');
    const mac = rest.pop() as string;
    const number = rest.pop() as string;
    expect([prefix, rest.join(':'), number]).toEqual(['smartlock-qr', lock.mac, '123456789012']);
    const key = await hmacSha256Hex(lock.lockSecret, 'smartlock/qr-code/v1');
    expect(mac).toBe(await hmacSha256Hex(key, `${lock.mac}:${number}`));
    expect(qrCodeLink({ ...lock, lockSecret: 'another secret' }, number)).not.toBe(link);
    expect(qrCodeLink(lock, '123456789013')).not.toBe(link);
  });

  it('numbers codes with 12 random digits', () => {
    const numbers = new Set(Array.from({ length: 50 }, () => randomQrNumber()));
    expect(numbers.size).toBe(50);
    for (const number of numbers) expect(number).toMatch(/^[1-9][0-9]{11}$/);
  });
});
