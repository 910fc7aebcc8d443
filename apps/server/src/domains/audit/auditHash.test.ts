import { describe, expect, it } from 'vitest';
import { sha256 } from '../../security/crypto';
import { auditedParams, isAuditedChange, REDACTED } from './auditCalls';
import { canonicalEntry, entryHash, GENESIS_HASH, type HashedEntry } from './auditHash';

const ENTRY: HashedEntry = {
  accountId: 7,
  seq: 3,
  at: 1_800_000_000_000,
  actorUserId: 9,
  actorKind: 'session',
  sessionId: 12,
  apiKeyId: null,
  appId: 'smartlock-console',
  ip: '203.0.113.5',
  userAgent: 'Firefox',
  path: '/lock/rename',
  lockId: 4,
  target: { lockId: 4 },
  params: { lockId: 4, lockName: 'Porch' },
  before: { name: 'Front' },
  after: { name: 'Porch' },
  prevHash: GENESIS_HASH,
};

describe('canonical hashing of an audit entry', () => {
  it('is RFC 8785 text: keys sorted at every depth, no spaces', () => {
    expect(canonicalEntry({ ...ENTRY, params: { z: 1, a: { y: [2, 1], b: 'é' } } })).toContain(
      '"params":{"a":{"b":"é","y":[2,1]},"z":1}',
    );
    expect(canonicalEntry(ENTRY).startsWith('{"accountId":7,"actorKind":"session","actorUserId":9,')).toBe(true);
  });

  it('does not depend on the order keys were written in, as the database gives jsonb back', () => {
    const reordered = Object.fromEntries(Object.entries(ENTRY).reverse()) as unknown as HashedEntry;
    expect(entryHash({ ...reordered, params: { lockName: 'Porch', lockId: 4 } })).toBe(entryHash(ENTRY));
  });

  it('is the SHA-256 of that text, and changes with any field, the previous hash included', () => {
    expect(entryHash(ENTRY)).toBe(sha256(canonicalEntry(ENTRY)));
    const variants: Partial<HashedEntry>[] = [
      { ip: '203.0.113.6' },
      { seq: 4 },
      { at: ENTRY.at + 1 },
      { after: { name: 'Porch ' } },
      { before: null },
      { prevHash: 'f'.repeat(64) },
      { actorKind: 'openApi' },
      { apiKeyId: 1 },
    ];
    const hashes = new Set(variants.map((change) => entryHash({ ...ENTRY, ...change })));
    expect(hashes.size).toBe(variants.length);
    expect(hashes.has(entryHash(ENTRY))).toBe(false);
  });

  it('reads a field left undefined as the null the database returns', () => {
    expect(entryHash({ ...ENTRY, before: undefined })).toBe(entryHash({ ...ENTRY, before: null }));
  });
});

describe('what the trail keeps of a call', () => {
  it('redacts passwords, codes, passcodes and tokens at any depth, and bounds text', () => {
    const kept = auditedParams({
      password: 'Harbour#2026',
      oldPassword: 'x',
      validationCode: '123456',
      keyboardPwd: '8812',
      newKeyboardPwd: '9912',
      token: 't',
      receivers: [{ account: 'a@example.com', accessToken: 'x' }],
      lockName: 'L'.repeat(400),
      keyboardPwdName: 'Cleaner',
    });
    expect(kept).toMatchObject({
      password: REDACTED,
      oldPassword: REDACTED,
      validationCode: REDACTED,
      keyboardPwd: REDACTED,
      newKeyboardPwd: REDACTED,
      token: REDACTED,
      receivers: [{ account: 'a@example.com', accessToken: REDACTED }],
      keyboardPwdName: 'Cleaner',
    });
    expect((kept.lockName as string).length).toBe(257);
  });

  it('records POST changes, not reads or checks', () => {
    const call = (path: string, method: 'GET' | 'POST') => ({ path, method }) as never;
    expect(isAuditedChange(call('/lock/rename', 'POST'))).toBe(true);
    expect(isAuditedChange(call('/user/logout', 'POST'))).toBe(true);
    expect(isAuditedChange(call('/lock/list', 'GET'))).toBe(false);
    expect(isAuditedChange(call('/user/checkPassword', 'POST'))).toBe(false);
    expect(isAuditedChange(call('/lock/queryState', 'POST'))).toBe(false);
  });
});
