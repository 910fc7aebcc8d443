import { type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { clockReadingOf, driftOf, stateReadingOf } from './operationResult';

const done = (result: Record<string, unknown> | null): RemoteOperation => ({
  operationId: 'x',
  lockId: 1,
  name: 'queryDate',
  state: RemoteOperationState.success,
  errorCode: 0,
  result,
  createdAt: 0,
  deadline: 1,
  finishedAt: 1,
});

describe('operation results', () => {
  it('reads the lock clock against the server clock', () => {
    expect(clockReadingOf(done({ lockTime: 5_000, serverTime: 2_000, driftMs: 3_000 }))).toEqual({
      lockTime: 5_000,
      serverTime: 2_000,
      driftMs: 3_000,
    });
    expect(clockReadingOf(done({ lockTime: 5_000, serverTime: 9_000 }))?.driftMs).toBe(-4_000);
    expect(clockReadingOf(done({ lockTime: 5_000 }))).toEqual({
      lockTime: 5_000,
      serverTime: undefined,
      driftMs: undefined,
    });
    expect(clockReadingOf(done({ lockTime: 'soon' }))).toBeUndefined();
    expect(clockReadingOf(done(null))).toBeUndefined();
  });
  it('says whether the lock is ahead, behind or in step', () => {
    expect(driftOf(192_000)).toEqual({ direction: 'ahead', ms: 192_000 });
    expect(driftOf(-5_000)).toEqual({ direction: 'behind', ms: 5_000 });
    expect(driftOf(-999)).toEqual({ direction: 'inSync' });
  });
  it('reads bolt and battery', () => {
    expect(stateReadingOf(done({ state: 0, battery: 71, switches: {} }))).toEqual({ state: 0, battery: 71 });
    expect(stateReadingOf(done({ lockTime: 3 }))).toBeUndefined();
  });
});
