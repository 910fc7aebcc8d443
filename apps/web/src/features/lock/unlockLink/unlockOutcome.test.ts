import { ErrorCode, errorMessageKey, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { unlockOutcome } from './unlockOutcome';

const operation = (state: number, errorCode = 0): RemoteOperation => ({
  operationId: '00000000-0000-0000-0000-000000000000',
  lockId: 1,
  name: 'unlock',
  state,
  errorCode,
  result: null,
  createdAt: 0,
  deadline: 1,
  finishedAt: null,
});

describe('unlockOutcome', () => {
  it('is unlocked when the operation succeeded', () => {
    expect(unlockOutcome(operation(RemoteOperationState.success))).toEqual({ ok: true });
  });
  it('gives the catalogue reason when it failed', () => {
    expect(unlockOutcome(operation(RemoteOperationState.failed, ErrorCode.lockNotConnectedToGateway))).toEqual({
      ok: false,
      messageKey: errorMessageKey('lockNotConnectedToGateway'),
    });
  });
  it('says the lock did not answer in time when it has not ended', () => {
    expect(unlockOutcome(operation(RemoteOperationState.operating))).toEqual({
      ok: false,
      messageKey: 'remote.phase.timedOut',
    });
  });
});
