import { describe, expect, it } from 'vitest';
import { signNotification, verifyNotification } from './sandboxSignature';

const KEY = Buffer.alloc(32, 7);
const BODY = '{"id":"evt_1","type":"payment.succeeded"}';
const NOW = Date.UTC(2026, 10, 24, 12);

describe('sandbox notification signature', () => {
  it('verifies what it signed', () => {
    expect(verifyNotification(KEY, signNotification(KEY, BODY, NOW), BODY, NOW)).toBe(true);
  });
  it('refuses another body, another key, a missing or malformed header', () => {
    const header = signNotification(KEY, BODY, NOW);
    expect(verifyNotification(KEY, header, `${BODY} `, NOW)).toBe(false);
    expect(verifyNotification(Buffer.alloc(32, 8), header, BODY, NOW)).toBe(false);
    expect(verifyNotification(KEY, undefined, BODY, NOW)).toBe(false);
    expect(verifyNotification(KEY, 't=abc,v1=00', BODY, NOW)).toBe(false);
  });
  it('refuses a signature older or newer than five minutes', () => {
    const header = signNotification(KEY, BODY, NOW);
    expect(verifyNotification(KEY, header, BODY, NOW + 300_000)).toBe(true);
    expect(verifyNotification(KEY, header, BODY, NOW + 301_000)).toBe(false);
    expect(verifyNotification(KEY, header, BODY, NOW - 301_000)).toBe(false);
  });
});
