import { LIVE_PATH, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeStreamDeps } from './fakeStream';
import { LiveChannel } from './liveChannel';

function setUp() {
  const { options, ...rest } = fakeStreamDeps();
  return { channel: new LiveChannel(options), ...rest };
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
