import { LockRecordType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { byBucketKey, unlockBuckets } from './cityActivity';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const MINUTE = 60_000;

describe('city unlock buckets', () => {
  it('come in one key order whatever order the records arrived in, so concurrent intakes upsert alike', () => {
    const types = [LockRecordType.appUnlock, LockRecordType.passcodeUnlock, LockRecordType.cardUnlock];
    const records = Array.from({ length: 30 }, (_, i) => {
      const at = new Date(NOW - i * 7 * MINUTE);
      return { recordType: types[i % types.length] as number, lockDate: at, serverDate: at };
    });
    const forward = unlockBuckets(4, records, NOW).counts;
    const backward = unlockBuckets(4, [...records].reverse(), NOW).counts;
    expect(forward.length).toBeGreaterThan(10);
    expect(backward).toEqual(forward);
    expect([...forward].sort(byBucketKey)).toEqual(forward);
    for (let i = 1; i < forward.length; i += 1) {
      expect(byBucketKey(forward[i - 1] as never, forward[i] as never)).toBeLessThan(0);
    }
  });
});
