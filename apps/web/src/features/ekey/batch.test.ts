import { ekey, RECIPIENTS_PER_CALL_MAX } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { newValidity } from '../credentials/validity';
import {
  addReceiver,
  type BatchChunk,
  type BatchReceiver,
  type BatchRow,
  batchChunks,
  batchParams,
  batchPercent,
  batchReceiversOf,
  batchTally,
  pairCount,
  runBatch,
} from './batch';
import { grantParams } from './ekeyParams';

const people = (n: number): BatchReceiver[] =>
  Array.from({ length: n }, (_, i) => ({ receiverUsername: `p${i}@example.com` }));

const pairsOf = (chunks: BatchChunk[]) =>
  chunks.flatMap((chunk) =>
    chunk.lockIds.flatMap((lockId) => chunk.receivers.map((r) => `${lockId}/${r.receiverUsername}`)),
  );

describe('batch chunks', () => {
  it('put several locks in a call when there are few recipients', () => {
    const chunks = batchChunks([1, 2, 3, 4, 5], people(20), 50);
    expect(chunks.map((chunk) => chunk.lockIds)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks.every((chunk) => pairCount(chunk) <= 50)).toBe(true);
  });
  it('give each lock its own calls, recipients in slices, when there are many', () => {
    const chunks = batchChunks([7, 8], people(120), 50);
    expect(chunks.map((chunk) => [chunk.lockIds, chunk.receivers.length])).toEqual([
      [[7], 50],
      [[7], 50],
      [[7], 20],
      [[8], 50],
      [[8], 50],
      [[8], 20],
    ]);
  });
  it('cover every pair exactly once, each lock once even if picked twice', () => {
    for (const [locks, count, max] of [
      [[1, 2, 3], 7, 10],
      [[1, 1, 2], 1, 50],
      [[9], 200, 50],
      [[1, 2, 3, 4], 50, 50],
    ] as const) {
      const chunks = batchChunks(locks, people(count), max);
      const pairs = pairsOf(chunks);
      expect(new Set(pairs).size).toBe(pairs.length);
      expect(pairs.length).toBe(new Set(locks).size * count);
      expect(chunks.every((chunk) => pairCount(chunk) <= max)).toBe(true);
    }
    expect(batchChunks([], people(3))).toEqual([]);
    expect(batchChunks([1], [])).toEqual([]);
  });
  it('send parameters the contract accepts', () => {
    const [chunk] = batchChunks([3, 4], [{ receiverUsername: '412345678', countryCode: '+61' }, ...people(1)]);
    if (!chunk) throw new Error('no chunk');
    const params = batchParams(
      chunk,
      grantParams({ validity: newValidity(Date.now()), remoteEnable: false, authorizedAdmin: false }),
      true,
    );
    expect(params.lockIds).toBe('3,4');
    const parsed = ekey.sendBatch.params.safeParse(params);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.receivers).toEqual([
      { receiverUsername: '412345678', countryCode: '+61' },
      { receiverUsername: 'p0@example.com' },
    ]);
  });
});

describe('batch recipients', () => {
  it('are added once each, with a normalised calling code', () => {
    let list = addReceiver([], { receiverUsername: ' Bo@Example.com ' });
    list = addReceiver(list, { receiverUsername: 'bo@example.com' });
    list = addReceiver(list, { receiverUsername: '412345678', countryCode: '61' });
    list = addReceiver(list, { receiverUsername: '412345678', countryCode: '+61' });
    list = addReceiver(list, { receiverUsername: '412345678', countryCode: '+44' });
    list = addReceiver(list, { receiverUsername: '   ' });
    expect(list).toEqual([
      { receiverUsername: 'Bo@Example.com' },
      { receiverUsername: '412345678', countryCode: '+61' },
      { receiverUsername: '412345678', countryCode: '+44' },
    ]);
    expect(addReceiver(people(RECIPIENTS_PER_CALL_MAX), { receiverUsername: 'one-more@example.com' })).toHaveLength(
      RECIPIENTS_PER_CALL_MAX,
    );
  });
});

describe('running a batch', () => {
  it('reports progress after each call and goes on after a failed call', async () => {
    const chunks = batchChunks([1, 2, 3], people(2), 2);
    const progress: [number, number, number][] = [];
    const rows = await runBatch(
      chunks,
      async (chunk) => {
        if (chunk.lockIds[0] === 2) throw new Error('offline');
        return chunk.receivers.map((r, i) => ({
          lockId: chunk.lockIds[0] ?? 0,
          receiverUsername: r.receiverUsername,
          keyId: i === 0 ? 100 : null,
          errorCode: i === 0 ? 0 : -4067,
        }));
      },
      (error) => (error instanceof Error ? error.message : 'failed'),
      (sofar, done, total) => progress.push([sofar.length, done, total]),
    );
    expect(progress).toEqual([
      [2, 2, 6],
      [4, 4, 6],
      [6, 6, 6],
    ]);
    expect(rows.filter((row) => row.lockId === 2).map((row) => row.callFailure)).toEqual(['offline', 'offline']);
    expect(batchTally(rows)).toEqual({ sent: 2, failed: 4 });
    expect(batchPercent(4, 6)).toBe(66);
    expect(batchPercent(0, 0)).toBe(0);
    expect(batchPercent(6, 6)).toBe(100);
  });
  it('stops between calls when cancelled', async () => {
    let calls = 0;
    const rows: BatchRow[] = await runBatch(
      batchChunks([1, 2, 3], people(1), 1),
      async () => {
        calls++;
        return [];
      },
      () => '',
      () => undefined,
      () => calls >= 1,
    );
    expect(calls).toBe(1);
    expect(rows).toEqual([]);
  });
});

describe('batch recipients from a link', () => {
  it('starts with the lock user named by the link, an email address or a mobile number', () => {
    expect(batchReceiversOf(' alice@example.com ')).toEqual([{ receiverUsername: 'alice@example.com' }]);
    expect(batchReceiversOf('+61412345678')).toEqual([{ receiverUsername: '+61412345678' }]);
  });

  it('starts with nobody without an account, or with something that is not one', () => {
    expect(batchReceiversOf(null)).toEqual([]);
    expect(batchReceiversOf('')).toEqual([]);
    expect(batchReceiversOf('Cleaner')).toEqual([]);
  });
});
