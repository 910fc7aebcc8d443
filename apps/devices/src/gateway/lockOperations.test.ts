import { LockRecordType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { testLock } from '../testing/testLocks';
import { lockOperationOf } from './lockOperations';

function run(lock: ReturnType<typeof testLock>, name: string, params: unknown) {
  const prepared = lockOperationOf(name, params);
  if (!prepared.ok) return prepared;
  return prepared.operate(lock);
}

describe('the passcode and eKey commands on a lock', () => {
  it('run on the lock and tell the state file of every change', () => {
    const lock = testLock();
    let changes = 0;
    lock.on('changed', () => changes++);
    expect(run(lock, 'addPasscode', { passcodeId: 1, code: '1234', endDate: Date.now() + 60_000 })).toEqual({
      ok: true,
      result: { passcodeId: 1 },
    });
    expect(run(lock, 'changePasscode', { passcodeId: 1, code: '4321' })).toEqual({
      ok: true,
      result: { passcodeId: 1 },
    });
    expect(run(lock, 'deletePasscode', { passcodeId: 1, code: '4321' })).toEqual({
      ok: true,
      result: { passcodeId: 1 },
    });
    expect(run(lock, 'revokeEKey', { keyId: 2, belowVersion: 5 })).toEqual({
      ok: true,
      result: { keyId: 2, belowVersion: 5 },
    });
    expect(changes).toBe(4);
    expect(
      lock
        .unsentRecords(10)
        .map((r) => r.recordType)
        .slice(-3),
    ).toEqual([LockRecordType.passcodeAdded, LockRecordType.passcodeChanged, LockRecordType.passcodeDeleted]);
  });

  it('refuse malformed params and what the lock cannot do', () => {
    expect(lockOperationOf('addPasscode', { passcodeId: 1, code: '12' })).toEqual({ ok: false, error: 'malformed' });
    expect(lockOperationOf('revokeEKey', { keyId: 0, belowVersion: 1 })).toEqual({ ok: false, error: 'malformed' });
    const barrier = testLock({ kind: 'parking' });
    expect(run(barrier, 'addPasscode', { passcodeId: 1, code: '1234' })).toEqual({ ok: false, error: 'unsupported' });
    expect(run(barrier, 'deletePasscode', { passcodeId: 1, code: '1234' })).toEqual({
      ok: false,
      error: 'unsupported',
    });
  });
});
