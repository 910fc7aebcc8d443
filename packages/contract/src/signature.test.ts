import { describe, expect, it } from 'vitest';
import vectors from '../test-vectors/signature.json';
import { canonicalString, signRequest } from './signature';

describe('request signature', () => {
  for (const vector of vectors.vectors) {
    it(`reproduces the shared vector: ${vector.name}`, async () => {
      expect(canonicalString(vector.path, vector.params)).toBe(vector.canonical);
      expect(await signRequest(vector.path, vector.params, vector.secret)).toBe(vector.sign);
    });
  }

  it('changes when any parameter, the path or the secret changes', async () => {
    const params = { appId: 'a', timestamp: '1', account: 'x@example.com' };
    const base = await signRequest('/user/login', params, 'k');
    expect(await signRequest('/user/login', { ...params, account: 'y@example.com' }, 'k')).not.toBe(base);
    expect(await signRequest('/user/logout', params, 'k')).not.toBe(base);
    expect(await signRequest('/user/login', params, 'k2')).not.toBe(base);
  });

  it('cannot be confused by moving separators between a name and a value', () => {
    expect(canonicalString('/p', { a: 'b&c=d' })).not.toBe(canonicalString('/p', { a: 'b', c: 'd' }));
  });

  it('leaves out undefined and null parameters but keeps empty strings', () => {
    expect(canonicalString('/p', { a: undefined, b: null, c: '' })).toBe('/p\nc=');
  });
});
