import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './webhook';

const SECRET = 'whsec_test_secret';
const NOW = 1_800_000_000_000;
const BODY = '{"type":"lock.unlockRecord","data":{"lockId":7}}';

function signed(body: string, secret = SECRET, at = NOW / 1000): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

describe('verifyWebhook', () => {
  it('accepts a delivery signed with the secret over its timestamp and exact body', () => {
    expect(verifyWebhook({ secret: SECRET, signature: signed(BODY), body: BODY, now: NOW })).toBe(true);
    expect(verifyWebhook({ secret: SECRET, signature: signed(BODY), body: Buffer.from(BODY), now: NOW })).toBe(true);
  });

  it('refuses a body changed by one character, another secret, or no header', () => {
    expect(verifyWebhook({ secret: SECRET, signature: signed(BODY), body: BODY.replace('7', '8'), now: NOW })).toBe(
      false,
    );
    expect(verifyWebhook({ secret: 'another', signature: signed(BODY), body: BODY, now: NOW })).toBe(false);
    expect(verifyWebhook({ secret: SECRET, signature: undefined, body: BODY, now: NOW })).toBe(false);
  });

  it('refuses a delivery older or newer than the tolerance (a replay), and accepts one within it', () => {
    const old = signed(BODY, SECRET, NOW / 1000 - 301);
    expect(verifyWebhook({ secret: SECRET, signature: old, body: BODY, now: NOW })).toBe(false);
    expect(verifyWebhook({ secret: SECRET, signature: old, body: BODY, now: NOW, toleranceS: 400 })).toBe(true);
    const future = signed(BODY, SECRET, NOW / 1000 + 301);
    expect(verifyWebhook({ secret: SECRET, signature: future, body: BODY, now: NOW })).toBe(false);
  });

  it('accepts any of several signatures while a secret is rotated', () => {
    const byOld = signed(BODY, 'old-secret');
    const byNew = signed(BODY).split(',')[1];
    expect(verifyWebhook({ secret: SECRET, signature: `${byOld},${byNew}`, body: BODY, now: NOW })).toBe(true);
  });

  it('refuses malformed headers without throwing', () => {
    for (const header of ['', 't=abc,v1=00', 'v1=zz', `t=${NOW / 1000}`, 't=1,v1=short', '=,=,']) {
      expect(verifyWebhook({ secret: SECRET, signature: header, body: BODY, now: NOW })).toBe(false);
    }
  });
});
