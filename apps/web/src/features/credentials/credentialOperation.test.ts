import { ErrorCode, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { credentialOperationView, hasEnded } from './credentialOperation';

const op = (state: number, errorCode = 0): RemoteOperation => ({
  operationId: '6b1d3f5e-0000-4000-8000-000000000001',
  lockId: 3,
  name: 'updateSetting',
  state,
  errorCode,
  result: null,
  createdAt: 0,
  deadline: 1,
  finishedAt: null,
});

describe('a passcode change on its way through the gateway', () => {
  it('shows a spinner while the gateway passes it on or it waits its turn', () => {
    expect(credentialOperationView({ operation: op(RemoteOperationState.operating), timedOut: false })).toEqual({
      phase: 'operating',
      busy: true,
      tone: 'info',
      detailKey: 'remote.phase.operating',
    });
    expect(credentialOperationView({ operation: op(RemoteOperationState.wait), timedOut: false })).toMatchObject({
      phase: 'waiting',
      busy: true,
    });
    expect(hasEnded({ operation: op(RemoteOperationState.operating), timedOut: false })).toBe(false);
  });
  it('ends in success, in the failure the lock reported, or in a time-out', () => {
    expect(credentialOperationView({ operation: op(RemoteOperationState.success), timedOut: false })).toEqual({
      phase: 'success',
      busy: false,
      tone: 'success',
    });
    expect(
      credentialOperationView({
        operation: op(RemoteOperationState.failed, ErrorCode.passcodeExists),
        timedOut: false,
      }),
    ).toMatchObject({ phase: 'failed', detailKey: 'errors.passcodeExists' });
    expect(
      credentialOperationView({
        operation: op(RemoteOperationState.noRetry, ErrorCode.lockNotConnectedToGateway),
        timedOut: false,
      }),
    ).toMatchObject({ phase: 'noRetry', detailKey: 'errors.lockNotConnectedToGateway', hint: 'remote.phase.noRetry' });
    expect(credentialOperationView({ operation: op(RemoteOperationState.operating), timedOut: true })).toMatchObject({
      phase: 'timedOut',
      busy: false,
    });
    expect(hasEnded({ operation: op(RemoteOperationState.failed), timedOut: false })).toBe(true);
  });
});
