import { ERRORS, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Followed,
  followOperation,
  mergeOperation,
  nextStep,
  type OperationSources,
  serverClock,
} from './followOperation';

const START = 1_000_000;
const op = (state: number, extra: Partial<RemoteOperation> = {}): RemoteOperation => ({
  operationId: '0b6c3a1e-0000-4000-8000-000000000001',
  lockId: 5,
  name: 'unlock',
  state,
  errorCode: 0,
  result: null,
  createdAt: START,
  deadline: START + 10_000,
  finishedAt: null,
  ...extra,
});

const timers = {
  set: (run: () => void, ms: number) => setTimeout(run, ms),
  clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
const options = { pollMs: 1_000, graceMs: 5_000, timers };

function sources(overrides: Partial<OperationSources> = {}) {
  let listener: ((operation: RemoteOperation) => void) | undefined;
  const unsubscribe = vi.fn();
  const fetch = vi.fn(async () => op(RemoteOperationState.operating));
  const value: OperationSources = {
    subscribe: (l) => {
      listener = l;
      return unsubscribe;
    },
    recent: () => undefined,
    liveConnected: () => true,
    fetch,
    now: () => Date.now(),
    ...overrides,
  };
  return { value, push: (operation: RemoteOperation) => listener?.(operation), unsubscribe, fetch };
}

describe('the next look at an operation', () => {
  const look = { now: START, deadline: START + 10_000, graceMs: 5_000, liveConnected: true, polling: false };
  it('waits for the live channel while it is connected and the deadline is ahead', () => {
    expect(nextStep(look)).toBe('wait');
  });
  it('polls while the live channel is down', () => {
    expect(nextStep({ ...look, liveConnected: false })).toBe('poll');
    expect(nextStep({ ...look, liveConnected: false, polling: true })).toBe('wait');
  });
  it('polls once the deadline has passed, in case the channel missed the end', () => {
    expect(nextStep({ ...look, now: START + 10_000 })).toBe('poll');
  });
  it('gives up only at the deadline plus the grace', () => {
    expect(nextStep({ ...look, now: START + 14_999, liveConnected: false })).toBe('poll');
    expect(nextStep({ ...look, now: START + 15_000 })).toBe('giveUp');
    expect(nextStep({ ...look, now: START + 15_000, polling: true })).toBe('giveUp');
  });
});

describe("the server's clock", () => {
  it('follows the browser clock from where the server created the operation', () => {
    let browser = 5_000_000;
    const server = serverClock(1_000_000, () => browser);
    expect(server()).toBe(1_000_000);
    browser += 2_500;
    expect(server()).toBe(1_002_500);
  });
});

describe('merging views of an operation', () => {
  it('takes a newer state and keeps an ended one', () => {
    const operating = op(RemoteOperationState.operating);
    const done = op(RemoteOperationState.success);
    expect(mergeOperation(operating, done)).toBe(done);
    expect(mergeOperation(done, op(RemoteOperationState.operating))).toBe(done);
    expect(mergeOperation(operating, op(RemoteOperationState.operating))).toBe(operating);
  });
  it('ignores other operations', () => {
    const operating = op(RemoteOperationState.operating);
    expect(mergeOperation(operating, op(RemoteOperationState.success, { operationId: 'other' }))).toBe(operating);
  });
});

describe('following an operation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('ends with the live update of its end, without polling', async () => {
    const s = sources();
    const seen: Followed[] = [];
    followOperation(op(RemoteOperationState.operating), s.value, (f) => seen.push(f), options);
    s.push(op(RemoteOperationState.wait));
    s.push(op(RemoteOperationState.success, { operationId: 'someone else' }));
    await vi.advanceTimersByTimeAsync(3_000);
    s.push(op(RemoteOperationState.success, { result: { state: 1, battery: 90 } }));
    s.push(op(RemoteOperationState.failed));
    expect(seen.map((f) => f.operation.state)).toEqual([RemoteOperationState.wait, RemoteOperationState.success]);
    expect(seen.at(-1)?.timedOut).toBe(false);
    expect(s.fetch).not.toHaveBeenCalled();
    expect(s.unsubscribe).toHaveBeenCalled();
  });

  it('takes an end the live channel carried before it subscribed', () => {
    const s = sources({
      recent: () => op(RemoteOperationState.failed, { errorCode: ERRORS.lockNotConnectedToGateway.code }),
    });
    const seen: Followed[] = [];
    followOperation(op(RemoteOperationState.operating), s.value, (f) => seen.push(f), options);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.operation.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('polls every second while the live channel is down', async () => {
    let calls = 0;
    const s = sources({
      liveConnected: () => false,
      fetch: async () => op(++calls >= 3 ? RemoteOperationState.success : RemoteOperationState.operating),
    });
    const seen: Followed[] = [];
    followOperation(op(RemoteOperationState.operating), s.value, (f) => seen.push(f), options);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(3);
    expect(seen.map((f) => f.operation.state)).toEqual([RemoteOperationState.success]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(3);
  });

  it('keeps polling through failed polls', async () => {
    let calls = 0;
    const s = sources({
      liveConnected: () => false,
      fetch: async () => {
        calls += 1;
        if (calls < 3) throw new Error('network');
        return op(RemoteOperationState.noRetry, { errorCode: ERRORS.remoteUnlockNotEnabled.code });
      },
    });
    const seen: Followed[] = [];
    followOperation(op(RemoteOperationState.operating), s.value, (f) => seen.push(f), options);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(seen.map((f) => f.operation.state)).toEqual([RemoteOperationState.noRetry]);
  });

  it('polls after the deadline and gives up at the deadline plus grace, shown as timed out', async () => {
    const s = sources();
    const seen: Followed[] = [];
    followOperation(op(RemoteOperationState.operating), s.value, (f) => seen.push(f), options);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(s.fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.timedOut).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when cancelled', async () => {
    const s = sources({ liveConnected: () => false });
    const seen: Followed[] = [];
    const cancel = followOperation(op(RemoteOperationState.operating), s.value, (f) => seen.push(f), options);
    cancel();
    await vi.advanceTimersByTimeAsync(30_000);
    s.push(op(RemoteOperationState.success));
    expect(seen).toEqual([]);
    expect(s.fetch).not.toHaveBeenCalled();
  });

  it('does nothing for an operation that has already ended', () => {
    const s = sources();
    const seen: Followed[] = [];
    followOperation(op(RemoteOperationState.success), s.value, (f) => seen.push(f), options);
    expect(seen).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
