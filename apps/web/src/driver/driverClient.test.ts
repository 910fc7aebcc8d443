import { DRIVER_PORT, DRIVER_PROTOCOL, type DriverDevice, MIN_DRIVER_VERSION } from '@smartlock/contract';
import en from '@smartlock/contract/messages/en_US.json';
import { describe, expect, it } from 'vitest';
import webEn from '../i18n/locales/en_US.json';
import type { Timers } from '../live/reconnectingStream';
import {
  DRIVER_FAILURE_CODES,
  DRIVER_PORT_STORAGE_KEY,
  DriverClient,
  DriverFailure,
  type DriverSocket,
  driverMessageKey,
  driverPort,
  driverUrl,
} from './driverClient';

/** A WebSocket stand-in: the test opens, answers and closes it by hand. */
class FakeSocket implements DriverSocket {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  sent: { id: number; method: string; params: unknown }[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.({});
  }
  answer(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The connection could not be made: the browser's error then close. */
  refuse(): void {
    this.onerror?.({});
    this.onclose?.({});
  }
  last(): { id: number; method: string; params: unknown } {
    const frame = this.sent.at(-1);
    if (!frame) throw new Error('nothing sent');
    return frame;
  }
}

/** Timers the test runs by hand. */
class FakeTimers implements Timers {
  private next = 1;
  private readonly due = new Map<number, { run: () => void; at: number }>();
  now = 0;
  set(run: () => void, ms: number): unknown {
    const handle = this.next++;
    this.due.set(handle, { run, at: this.now + ms });
    return handle;
  }
  clear(handle: unknown): void {
    this.due.delete(handle as number);
  }
  advance(ms: number): void {
    this.now += ms;
    for (const [handle, timer] of [...this.due]) {
      if (timer.at <= this.now) {
        this.due.delete(handle);
        timer.run();
      }
    }
  }
}

const encoder: DriverDevice = { deviceId: 'enc-1', kind: 'cardEncoder', name: 'Encoder', busy: false };
const scanner: DriverDevice = {
  deviceId: 'fp-1',
  kind: 'fingerprintScanner',
  deviceType: 1,
  name: 'Scanner',
  busy: false,
};

function setup() {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const client = new DriverClient({
    url: driverUrl(DRIVER_PORT),
    timers,
    socket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    connectTimeoutMs: 1_000,
    requestTimeoutMs: 5_000,
  });
  const socket = () => {
    const last = sockets.at(-1);
    if (!last) throw new Error('no socket');
    return last;
  };
  /** Opens the socket and answers hello with a driver version. */
  const handshake = async (driverVersion = MIN_DRIVER_VERSION, protocol = DRIVER_PROTOCOL) => {
    const connected = client.connect();
    socket().open();
    const hello = socket().last();
    socket().answer({ id: hello.id, ok: true, result: { driverVersion, protocol, devices: [encoder, scanner] } });
    return connected;
  };
  return { client, timers, sockets, socket, handshake };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the driver address', () => {
  it('is DRIVER_PORT on 127.0.0.1, unless storage names another valid port', () => {
    expect(driverUrl(driverPort(undefined))).toBe(`ws://127.0.0.1:${DRIVER_PORT}/`);
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === DRIVER_PORT_STORAGE_KEY ? value : null),
    });
    expect(driverPort(storage('28620'))).toBe(28_620);
    expect(driverPort(storage(' 9001 '))).toBe(9001);
    for (const bad of ['0', '65536', '08080', 'abc', '', null]) expect(driverPort(storage(bad))).toBe(DRIVER_PORT);
    expect(
      driverPort({
        getItem: () => {
          throw new Error('storage refused');
        },
      }),
    ).toBe(DRIVER_PORT);
  });
});

describe('the hello handshake', () => {
  it('says hello with the protocol and is ready with the devices', async () => {
    const { client, socket, handshake } = setup();
    expect(client.getState().status).toBe('idle');
    const hello = await handshake('2.3.1');
    expect(socket().url).toBe(`ws://127.0.0.1:${DRIVER_PORT}/`);
    expect(socket().sent[0]).toMatchObject({ method: 'hello', params: { protocol: DRIVER_PROTOCOL } });
    expect(hello.driverVersion).toBe('2.3.1');
    expect(client.getState()).toMatchObject({ status: 'ready', driverVersion: '2.3.1', devices: [encoder, scanner] });
  });

  it('shares one connection between callers', async () => {
    const { client, sockets, handshake } = setup();
    const other = client.connect();
    await handshake();
    await other;
    await client.connect();
    expect(sockets).toHaveLength(1);
  });

  it('refuses a driver older than the minimum version as "web socket plugin version too low"', async () => {
    const { client, socket, handshake } = setup();
    const failure = await handshake('2.0.9').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DriverFailure);
    expect((failure as DriverFailure).code).toBe('driverTooOld');
    expect((failure as DriverFailure).messageKey).toBe('client.webSocketPluginTooLow');
    expect(socket().closed).toBe(true);
    expect(client.getState().status).toBe('failed');
    expect(client.getState().failure?.messageKey).toBe('client.webSocketPluginTooLow');
  });

  it('refuses an older protocol, and a driver that says the console speaks one it no longer knows', async () => {
    const older = setup();
    await expect(older.handshake('9.0.0', DRIVER_PROTOCOL - 1)).rejects.toMatchObject({ code: 'driverTooOld' });

    const refusing = setup();
    const connected = refusing.client.connect();
    refusing.socket().open();
    refusing.socket().answer({
      id: refusing.socket().last().id,
      ok: false,
      error: { code: 'protocolTooOld', message: 'speak 2' },
    });
    await expect(connected).rejects.toMatchObject({ code: 'driverTooOld' });
  });

  it('says "device driver not found" when nothing listens, and tries again on demand', async () => {
    const { client, sockets, socket, handshake } = setup();
    const connected = client.connect();
    socket().refuse();
    const failure = (await connected.catch((error: unknown) => error)) as DriverFailure;
    expect(failure.code).toBe('driverNotFound');
    expect(failure.messageKey).toBe('client.deviceDriverNotFound');
    expect(client.getState()).toMatchObject({ status: 'failed' });

    await handshake();
    expect(sockets).toHaveLength(2);
    expect(client.getState().status).toBe('ready');
  });

  it('gives up when the port accepts but nobody says hello in time', async () => {
    const { client, socket, timers } = setup();
    const connected = client.connect();
    socket().open();
    timers.advance(1_000);
    await expect(connected).rejects.toMatchObject({ code: 'driverNotFound' });
  });

  it('says "not found" when the socket cannot even be made', async () => {
    const client = new DriverClient({
      url: 'ws://127.0.0.1:1/',
      timers: new FakeTimers(),
      socket: () => {
        throw new Error('blocked');
      },
    });
    await expect(client.connect()).rejects.toMatchObject({ code: 'driverNotFound' });
    expect(client.getState().status).toBe('failed');
  });
});

describe('requests', () => {
  it('match answers to requests by id', async () => {
    const { client, socket, handshake } = setup();
    await handshake();
    const first = client.request('readCard', { deviceId: 'enc-1' });
    const second = client.request('listDevices', {});
    await flush();
    const [readFrame, listFrame] = socket().sent.slice(-2);
    expect(readFrame).toMatchObject({ method: 'readCard', params: { deviceId: 'enc-1' } });
    expect(readFrame?.id).not.toBe(listFrame?.id);
    socket().answer({ id: listFrame?.id, ok: true, result: { devices: [encoder] } });
    socket().answer({ id: readFrame?.id, ok: true, result: { cardNumber: '123456789', hotel: null } });
    await expect(first).resolves.toEqual({ cardNumber: '123456789', hotel: null });
    await expect(second).resolves.toEqual({ devices: [encoder] });
  });

  it('connect first when there is no connection', async () => {
    const { client, socket } = setup();
    const read = client.request('eraseCard', { deviceId: 'enc-1' });
    socket().open();
    socket().answer({
      id: socket().last().id,
      ok: true,
      result: { driverVersion: '3.0.0', protocol: DRIVER_PROTOCOL, devices: [] },
    });
    await flush();
    expect(socket().last().method).toBe('eraseCard');
    socket().answer({ id: socket().last().id, ok: true, result: { cardNumber: '42424242' } });
    await expect(read).resolves.toEqual({ cardNumber: '42424242' });
  });

  it('report progress events and wait again after each', async () => {
    const { client, socket, timers, handshake } = setup();
    await handshake();
    const steps: [number, number][] = [];
    const collected = client.request(
      'collectFingerprint',
      { deviceId: 'fp-1' },
      { onProgress: (step, of) => steps.push([step, of]), timeoutMs: 3_000 },
    );
    await flush();
    const id = socket().last().id;
    for (const step of [1, 2, 3]) {
      timers.advance(2_500);
      socket().answer({ event: 'progress', id, step, of: 3 });
    }
    socket().answer({ id, ok: true, result: { template: 'QUJDREVGR0hJSktMTU5PUA==', deviceType: 1 } });
    await expect(collected).resolves.toEqual({ template: 'QUJDREVGR0hJSktMTU5PUA==', deviceType: 1 });
    expect(steps).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('time out when the driver does not answer', async () => {
    const { client, timers, handshake } = setup();
    await handshake();
    const read = client.request('readCard', { deviceId: 'enc-1' });
    await flush();
    timers.advance(5_000);
    const failure = (await read.catch((error: unknown) => error)) as DriverFailure;
    expect(failure.code).toBe('timeout');
    expect(failure.messageKey).toBe('driver.error.timeout');
  });

  it.each([
    ['deviceNotFound', 'client.deviceNotFound'],
    ['deviceOccupied', 'client.deviceOccupied'],
    ['deviceConnectionFailed', 'client.deviceConnectionFailed'],
    ['noCard', 'driver.error.noCard'],
    ['timeout', 'driver.error.timeout'],
    ['badRequest', 'driver.error.badRequest'],
  ] as const)('map the driver error %s to %s', async (code, key) => {
    const { client, socket, handshake } = setup();
    await handshake();
    const read = client.request('readCard', { deviceId: 'enc-1' });
    await flush();
    socket().answer({ id: socket().last().id, ok: false, error: { code, message: 'driver says so' } });
    const failure = (await read.catch((error: unknown) => error)) as DriverFailure;
    expect(failure).toBeInstanceOf(DriverFailure);
    expect(failure.code).toBe(code);
    expect(failure.messageKey).toBe(key);
    expect(failure.detail).toBe('driver says so');
  });

  it('refuse a result the protocol does not allow, and ignore frames that are not the protocol', async () => {
    const { client, socket, handshake } = setup();
    await handshake();
    const read = client.request('readCard', { deviceId: 'enc-1' });
    await flush();
    const id = socket().last().id;
    socket().onmessage?.({ data: 'not json' });
    socket().answer({ hello: 'world' });
    socket().answer({ id: 9_999, ok: true, result: {} });
    socket().answer({ id, ok: true, result: { cardNumber: 12 } });
    await expect(read).rejects.toMatchObject({ code: 'badReply' });
    expect(driverMessageKey('badReply')).toBe('client.deviceConnectionFailed');
  });

  it('fail what waits when the connection drops, then reconnect on the next request', async () => {
    const { client, sockets, socket, handshake } = setup();
    await handshake();
    const read = client.request('readCard', { deviceId: 'enc-1' });
    await flush();
    socket().onclose?.({});
    await expect(read).rejects.toMatchObject({ code: 'disconnected' });
    expect(client.getState()).toMatchObject({ status: 'failed' });

    const again = client.request('listDevices', {});
    expect(sockets).toHaveLength(2);
    socket().open();
    socket().answer({
      id: socket().last().id,
      ok: true,
      result: { driverVersion: '2.1.0', protocol: 1, devices: [] },
    });
    await flush();
    socket().answer({ id: socket().last().id, ok: true, result: { devices: [scanner] } });
    await expect(again).resolves.toEqual({ devices: [scanner] });
  });

  it('keep the devices fresh and tell subscribers', async () => {
    const { client, socket, handshake } = setup();
    let told = 0;
    const stop = client.subscribe(() => told++);
    await handshake();
    const listed = client.listDevices();
    await flush();
    socket().answer({ id: socket().last().id, ok: true, result: { devices: [scanner] } });
    await expect(listed).resolves.toEqual([scanner]);
    expect(client.getState().devices).toEqual([scanner]);
    expect(told).toBeGreaterThanOrEqual(3);
    stop();
    client.close();
    expect(client.getState().status).toBe('idle');
  });
});

describe('failure messages', () => {
  it('every failure has a message the console has in English', () => {
    const messages = { ...webEn, ...en } as unknown as Record<string, Record<string, unknown>>;
    for (const code of DRIVER_FAILURE_CODES) {
      const key = driverMessageKey(code);
      const [group, ...rest] = key.split('.');
      let node: unknown = messages[group ?? ''];
      for (const part of rest) node = (node as Record<string, unknown> | undefined)?.[part];
      expect(typeof node, key).toBe('string');
    }
  });
});
