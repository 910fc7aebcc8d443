import { lock } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { emptyReason, QUERY_TYPES } from './lockListQuery';

describe('the lock list query', () => {
  it('offers the three query types of the spec, each accepted by /lock/list', () => {
    expect(QUERY_TYPES.map((type) => type.value)).toEqual([0, 1, 2]);
    for (const { value } of QUERY_TYPES) expect(lock.list.params.safeParse({ type: String(value) }).success).toBe(true);
  });
  it('tells an empty result of filters from an account without locks', () => {
    const all = { type: 0, groupId: -1, lockName: '' } as const;
    expect(emptyReason(all)).toBe('noLocks');
    expect(emptyReason({ ...all, lockName: 'door' })).toBe('noMatch');
    expect(emptyReason({ ...all, groupId: 0 })).toBe('noMatch');
    expect(emptyReason({ ...all, type: 2 })).toBe('noMatch');
  });
});
