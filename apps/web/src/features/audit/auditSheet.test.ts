import { describe, expect, it } from 'vitest';
import type { AuditEntry, ChainStatus } from './auditApi';
import { auditSheet, changesOf, valueText } from './auditSheet';

const ENTRY: AuditEntry = {
  seq: 4,
  accountId: 7,
  at: Date.UTC(2026, 10, 27, 9, 30),
  actorUserId: 9,
  actorAccount: 'admin@example.com',
  actorKind: 'session',
  sessionId: 12,
  apiKeyId: null,
  appId: 'smartlock-console',
  ip: '203.0.113.5',
  userAgent: 'Firefox',
  path: '/lock/rename',
  lockId: 3,
  lockAlias: 'Porch',
  target: { lockId: 3 },
  params: { lockId: 3, lockName: 'Porch' },
  before: { name: 'Front', room: 1 },
  after: { name: 'Porch', room: 1 },
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};
const OK: ChainStatus = {
  ok: true,
  checked: 4,
  verifiedSeq: 4,
  headSeq: 4,
  headHash: 'b'.repeat(64),
  anchorSeq: 0,
  brokenSeq: null,
  reason: null,
};
const WORDS = {
  columns: Array.from({ length: 17 }, (_, i) => `c${i}`),
  head: (seq: number, hash: string) => `head #${seq} ${hash}`,
  broken: (seq: number) => `broken #${seq}`,
};

describe('an audit entry opened and exported', () => {
  it('lists changed fields first, then the unchanged, each side’s value', () => {
    expect(changesOf(ENTRY)).toEqual([
      { field: 'name', before: 'Front', after: 'Porch' },
      { field: 'room', before: 1, after: 1 },
    ]);
    expect(changesOf({ before: null, after: { ownerId: 5 } })).toEqual([
      { field: 'ownerId', before: undefined, after: 5 },
    ]);
    expect(valueText({ enabled: true })).toBe('{"enabled":true}');
  });

  it('exports one row per entry, then the chain’s head (or where it broke) as the trailer', () => {
    const sheet = auditSheet([ENTRY], OK, WORDS);
    expect(sheet.columns).toHaveLength(17);
    expect(sheet.rows[0]).toEqual([
      4,
      '2026-11-27T09:30:00.000Z',
      7,
      'admin@example.com',
      'session',
      12,
      null,
      '203.0.113.5',
      'Firefox',
      '/lock/rename',
      'Porch',
      '{"lockId":3}',
      '{"lockId":3,"lockName":"Porch"}',
      '{"name":"Front","room":1}',
      '{"name":"Porch","room":1}',
      'a'.repeat(64),
      'b'.repeat(64),
    ]);
    expect(sheet.rows.at(-1)).toEqual([`head #4 ${'b'.repeat(64)}`, 4, 'b'.repeat(64)]);
    const broken = auditSheet([], { ...OK, ok: false, brokenSeq: 2, reason: 'altered' }, WORDS);
    expect(broken.rows.at(-1)?.[0]).toBe('broken #2');
  });
});
