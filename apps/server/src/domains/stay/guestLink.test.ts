import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../security/crypto';
import { GuestLinks } from './guestLink';

const links = new GuestLinks(deriveKey('root secret', 'stay-guest-links'));

describe('stay guest links', () => {
  it('names the stay and nonce it was made for', () => {
    const nonce = GuestLinks.nonce();
    expect(links.parse(links.token(42, nonce))).toEqual({ stayId: 42, nonce });
  });

  it('refuses a token whose stay, nonce or MAC was changed, or made under another key', () => {
    const nonce = GuestLinks.nonce();
    const token = links.token(42, nonce);
    const [, , mac] = token.split('.');
    expect(links.parse(`43.${nonce}.${mac}`)).toBeNull();
    expect(links.parse(`42.${GuestLinks.nonce()}.${mac}`)).toBeNull();
    expect(links.parse(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(new GuestLinks(deriveKey('another secret', 'stay-guest-links')).parse(token)).toBeNull();
    expect(links.parse('not a token')).toBeNull();
  });
});
