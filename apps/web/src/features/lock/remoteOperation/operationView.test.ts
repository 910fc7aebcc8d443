import { ERRORS, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { failureKey, isBusy, isFinal, type OperationRun, operationView } from './operationView';

const op = (state: number, errorCode = 0): RemoteOperation => ({
  operationId: 'x',
  lockId: 1,
  name: 'unlock',
  state,
  errorCode,
  result: null,
  createdAt: 0,
  deadline: 1,
  finishedAt: null,
});
const following = (operation: RemoteOperation, timedOut = false): OperationRun => ({
  status: 'following',
  action: 'unlock',
  operation,
  timedOut,
});
const view = (run: OperationRun) => (run.status === 'idle' ? undefined : operationView(run));

describe('operation state → what the console shows', () => {
  it('shows a spinner while starting, operating or waiting', () => {
    expect(view({ status: 'starting', action: 'lock' })).toMatchObject({ phase: 'starting', busy: true });
    expect(view(following(op(RemoteOperationState.operating)))).toMatchObject({
      phase: 'operating',
      busy: true,
      detail: { key: 'remote.phase.operating' },
    });
    expect(view(following(op(RemoteOperationState.wait)))).toMatchObject({
      phase: 'waiting',
      busy: true,
      detail: { key: 'remote.phase.waiting' },
    });
  });
  it("names what succeeded, by the action's own message", () => {
    expect(view(following(op(RemoteOperationState.success)))).toEqual({
      phase: 'success',
      busy: false,
      tone: 'success',
      detail: { key: 'remote.done.unlock' },
    });
  });
  it("shows the catalogue message of a failure's code", () => {
    expect(view(following(op(RemoteOperationState.failed, ERRORS.lockNotConnectedToGateway.code)))).toMatchObject({
      phase: 'failed',
      tone: 'error',
      detail: { key: 'errors.lockNotConnectedToGateway' },
    });
    expect(view(following(op(RemoteOperationState.noRetry, ERRORS.remoteUnlockNotEnabled.code)))).toMatchObject({
      phase: 'noRetry',
      detail: { key: 'errors.remoteUnlockNotEnabled' },
      hint: 'remote.phase.noRetry',
    });
    expect(failureKey(123456)).toBe('errors.operationFailed');
    expect(failureKey(0)).toBe('errors.operationFailed');
  });
  it('shows a give-up as failed', () => {
    expect(view(following(op(RemoteOperationState.operating), true))).toMatchObject({
      phase: 'timedOut',
      busy: false,
      tone: 'error',
    });
  });
  it('shows a refused start with the reply message', () => {
    expect(view({ status: 'startFailed', action: 'unlock', message: 'Remote unlock is not enabled.' })).toMatchObject({
      busy: false,
      detail: { text: 'Remote unlock is not enabled.' },
    });
  });
  it('knows which states are ends and when the lock is busy', () => {
    expect([1, 2, 3, 4, 6].map((state) => isFinal(op(state)))).toEqual([false, true, true, true, false]);
    expect(isBusy({ status: 'idle' })).toBe(false);
    expect(isBusy(following(op(RemoteOperationState.wait)))).toBe(true);
    expect(isBusy(following(op(RemoteOperationState.failed)))).toBe(false);
  });
});
