import { LIVE_PATH, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { describe, expect, it, vi } from 'vitest';
import { LiveChannel, type LiveSource, type Timers } from './liveChannel';

class FakeSource implements LiveSource {
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data?: unknown): void {
    const event = { data: data === undefined ? undefined : JSON.stringify(data) } as MessageEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function setUp() {
  const sources: FakeSource[] = [];
  const pending: { run: () => void; ms: number; handle: number }[] = [];
  let next = 0;
  const timers: Timers = {
    set: (run, ms) => {
      pending.push({ run, ms, handle: ++next });
      return next;
    },
    clear: (handle) => {
      const index = pending.findIndex((p) => p.handle === handle);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  const channel = new LiveChannel({
    connect: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    delay: (attempt) => 1000 * (attempt + 1),
    timers,
  });
  const fire = () => {
    const timer = pending.shift();
    timer?.run();
    return timer?.ms;
  };
  return { channel, sources, pending, fire };
}

const operation = (state: number): RemoteOperation => ({
  operationId: 'a1b2',
  lockId: 7,
  name: 'unlock',
  state,
  errorCode: 0,
  result: null,
  createdAt: 1,
  deadline: 2,
  finishedAt: null,
});

describe('the live channel', () => {
  it('opens one stream on the live path and reports when it is connected', () => {
    const { channel, sources } = setUp();
    const status = vi.fn();
    channel.subscribeStatus(status);
    channel.open();
    channel.open();
    expect(sources.map((s) => s.url)).toEqual([LIVE_PATH]);
    expect(channel.connected).toBe(false);
    sources[0]?.emit('open');
    expect(channel.connected).toBe(true);
    expect(status).toHaveBeenCalledTimes(1);
  });

  it('hands each message to the listeners of its type', () => {
    const { channel, sources } = setUp();
    const gateways = vi.fn();
    const locks = vi.fn();
    channel.on('gateway', gateways);
    const stop = channel.on('lock', locks);
    channel.open();
    sources[0]?.emit('gateway', { gatewayId: 3, isOnline: 1 });
    sources[0]?.emit('lock', { lockId: 7, state: 0, battery: 80 });
    stop();
    sources[0]?.emit('lock', { lockId: 7, state: 1, battery: 80 });
    sources[0]?.emit('gateway', 'not an object');
    expect(gateways).toHaveBeenCalledExactlyOnceWith({ gatewayId: 3, isOnline: 1 });
    expect(locks).toHaveBeenCalledExactlyOnceWith({ lockId: 7, state: 0, battery: 80 });
  });

  it('reconnects after a failure with a growing delay, and resets it once connected', () => {
    const { channel, sources, fire } = setUp();
    channel.open();
    sources[0]?.emit('error');
    expect(sources[0]?.closed).toBe(true);
    expect(fire()).toBe(1000);
    sources[1]?.emit('error');
    expect(fire()).toBe(2000);
    sources[2]?.emit('open');
    expect(channel.connected).toBe(true);
    sources[2]?.emit('error');
    expect(channel.connected).toBe(false);
    expect(fire()).toBe(1000);
    expect(sources).toHaveLength(4);
  });

  it('stops for good when closed: no reconnect, no more messages', () => {
    const { channel, sources, pending } = setUp();
    const listener = vi.fn();
    channel.on('records', listener);
    channel.open();
    sources[0]?.emit('error');
    channel.close();
    expect(pending).toHaveLength(0);
    sources[0]?.emit('records', { lockId: 1, count: 2 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('remembers the latest update of recent operations, forgotten at close', () => {
    const { channel, sources } = setUp();
    channel.open();
    sources[0]?.emit('operation', operation(RemoteOperationState.operating));
    sources[0]?.emit('operation', operation(RemoteOperationState.success));
    expect(channel.recentOperation('a1b2')?.state).toBe(RemoteOperationState.success);
    channel.close();
    expect(channel.recentOperation('a1b2')).toBeUndefined();
  });
});
