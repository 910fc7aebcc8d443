import {
  DRIVER_METHODS,
  DRIVER_PROTOCOL,
  driverMessage,
  MIN_DRIVER_VERSION,
  versionAtLeast,
} from '@smartlock/contract';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '../clock';
import { POLL, WAIT_MS } from '../testing/waiting';
import { parseDriverControlLine } from './driverControl';
import {
  type DriverLine,
  type DriverSimulator,
  type DriverSimulatorOptions,
  FINGERPRINT_SCANS,
  startDriverSimulator,
} from './driverServer';

const simulators: DriverSimulator[] = [];
const clients: DriverClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const simulator of simulators.splice(0)) await simulator.close();
});

const SCAN_STEP_MS = 30;

async function driver(options: DriverSimulatorOptions = {}): Promise<DriverSimulator> {
  const simulator = await startDriverSimulator({ port: 0, scanStepMs: SCAN_STEP_MS, cardMs: 5, ...options });
  simulators.push(simulator);
  return simulator;
}

interface Answer {
  id: number;
  ok: boolean;
  result?: Record<string, unknown>;
  error?: { code: string; message: string };
}

/** A console tab talking to the driver. */
class DriverClient {
  readonly messages: Record<string, unknown>[] = [];
  private nextId = 1;
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      // Every frame the driver sends is one of the contract's.
      expect(driverMessage.safeParse(message).success).toBe(true);
      this.messages.push(message);
      for (const waiter of this.waiters) waiter();
    });
  }

  static connect(port: number, origin?: string): Promise<DriverClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/`, origin ? { origin } : {});
      socket.once('open', () => {
        const client = new DriverClient(socket);
        clients.push(client);
        resolve(client);
      });
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`refused: ${response.statusCode}`));
      });
      socket.once('error', reject);
    });
  }

  /** Greeted (hello) already. */
  static async greeted(port: number): Promise<DriverClient> {
    const client = await DriverClient.connect(port);
    expect(await client.request('hello', { protocol: DRIVER_PROTOCOL, client: 'test' })).toMatchObject({ ok: true });
    return client;
  }

  request(method: string, params: unknown = {}): Promise<Answer> {
    return this.answer(this.send(method, params));
  }

  /** Sends a request; answers its id. */
  send(method: string, params: unknown = {}): number {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return id;
  }

  answer(id: number): Promise<Answer> {
    return this.waitFor((m) => m.id === id && 'ok' in m) as Promise<unknown> as Promise<Answer>;
  }

  answered(id: number): boolean {
    return this.messages.some((m) => m.id === id && 'ok' in m);
  }

  sendRaw(frame: string | Buffer): void {
    this.socket.send(frame);
  }

  progressOf(id: number): Record<string, unknown>[] {
    return this.messages.filter((m) => m.event === 'progress' && m.id === id);
  }

  waitFor(match: (message: Record<string, unknown>) => boolean, timeoutMs = WAIT_MS): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(match);
        if (!found) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error('no such message in time'));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.socket.close();
  }
}

const errorOf = (answer: Answer) => answer.error?.code;

/**
 * Collects a fingerprint on a driver whose scans take their time on `clock`, which only the test
 * moves: each scan waits for it, its progress comes only once the test has moved the clock past
 * the scan, and the answer only after the last one.
 */
async function collectOn(clock: ManualClock, client: DriverClient, deviceId: string): Promise<Answer> {
  const id = client.send('collectFingerprint', { deviceId });
  for (let step = 1; step <= FINGERPRINT_SCANS; step++) {
    await expect.poll(() => clock.pending, POLL).toBe(1);
    expect(client.progressOf(id)).toHaveLength(step - 1);
    expect(client.answered(id)).toBe(false);
    clock.advance(SCAN_STEP_MS);
    await client.waitFor((m) => m.event === 'progress' && m.id === id && m.step === step);
  }
  return client.answer(id);
}

const room = { sector: 1, building: 2, floor: 3, lockMac: 'AA:BB:CC:DD:EE:01' };

describe('the simulated driver: hello', () => {
  it('answers its version, protocol and the devices plugged in', async () => {
    const { port } = await driver();
    const client = await DriverClient.connect(port);
    const hello = await client.request('hello', { protocol: DRIVER_PROTOCOL, client: 'console' });
    expect(hello.ok).toBe(true);
    const result = DRIVER_METHODS.hello.result.parse(hello.result);
    expect(result).toEqual({
      driverVersion: '2.4.0',
      protocol: DRIVER_PROTOCOL,
      devices: [
        { deviceId: 'encoder-1', kind: 'cardEncoder', name: 'Card encoder CE-1', busy: false },
        { deviceId: 'scanner-a', kind: 'fingerprintScanner', deviceType: 1, name: 'Scanner FS-A', busy: false },
        { deviceId: 'scanner-b', kind: 'fingerprintScanner', deviceType: 2, name: 'Scanner FS-B', busy: false },
      ],
    });
    expect(versionAtLeast(result.driverVersion, MIN_DRIVER_VERSION)).toBe(true);
    expect(DRIVER_METHODS.listDevices.result.parse((await client.request('listDevices')).result).devices).toHaveLength(
      3,
    );
  });

  it('pretends an older version, and leaves out absent devices', async () => {
    const { port } = await driver({ version: '2.0.3', encoder: false, scanners: false });
    const client = await DriverClient.connect(port);
    const hello = await client.request('hello', { protocol: DRIVER_PROTOCOL, client: 'console' });
    expect(hello.result).toMatchObject({ driverVersion: '2.0.3', devices: [] });
    expect(versionAtLeast('2.0.3', MIN_DRIVER_VERSION)).toBe(false);
    expect(errorOf(await client.request('readCard', { deviceId: 'encoder-1' }))).toBe('deviceNotFound');
  });

  it('wants hello first, with the same protocol', async () => {
    const { port } = await driver();
    const client = await DriverClient.connect(port);
    expect(errorOf(await client.request('listDevices'))).toBe('badRequest');
    expect(errorOf(await client.request('hello', { protocol: DRIVER_PROTOCOL + 1, client: 'future' }))).toBe(
      'protocolTooOld',
    );
    expect(errorOf(await client.request('readCard', { deviceId: 'encoder-1' }))).toBe('badRequest');
    expect((await client.request('hello', { protocol: DRIVER_PROTOCOL, client: 'console' })).ok).toBe(true);
    expect((await client.request('listDevices')).ok).toBe(true);
  });
});

describe('the simulated driver: the card encoder', () => {
  it('reads a blank card, writes a hotel card, reads it back and erases it', async () => {
    const { port } = await driver();
    const client = await DriverClient.greeted(port);
    const blank = DRIVER_METHODS.readCard.result.parse(
      (await client.request('readCard', { deviceId: 'encoder-1' })).result,
    );
    expect(blank.cardNumber).toMatch(/^[1-9][0-9]{9}$/);
    expect(blank.hotel).toBeNull();

    const validity = { startDate: Date.UTC(2026, 5, 1, 14), endDate: Date.UTC(2026, 5, 3, 12) };
    const written = await client.request('writeHotelCard', { deviceId: 'encoder-1', room, ...validity });
    expect(written).toMatchObject({ ok: true, result: { cardNumber: blank.cardNumber } });
    expect((await client.request('readCard', { deviceId: 'encoder-1' })).result).toEqual({
      cardNumber: blank.cardNumber,
      hotel: { ...room, ...validity },
    });
    expect((await client.request('eraseCard', { deviceId: 'encoder-1' })).result).toEqual({
      cardNumber: blank.cardNumber,
    });
    expect((await client.request('readCard', { deviceId: 'encoder-1' })).result).toEqual({
      cardNumber: blank.cardNumber,
      hotel: null,
    });
    expect(
      errorOf(await client.request('writeHotelCard', { deviceId: 'encoder-1', room, startDate: 2, endDate: 1 })),
    ).toBe('badRequest');
  });

  it('takes the cards a control line lays on it, and answers noCard without one', async () => {
    const simulator = await driver();
    const client = await DriverClient.greeted(simulator.port);
    const validity = { startDate: 1_000, endDate: 2_000 };
    expect(simulator.control({ do: 'card', number: '1234567890' })).toEqual({ event: 'ack', do: 'card', ok: true });
    await client.request('writeHotelCard', { deviceId: 'encoder-1', room, ...validity });
    simulator.control({ do: 'card', number: '5550000001' });
    expect((await client.request('readCard', { deviceId: 'encoder-1' })).result).toEqual({
      cardNumber: '5550000001',
      hotel: null,
    });
    simulator.control({ do: 'card', number: '1234567890' });
    expect((await client.request('readCard', { deviceId: 'encoder-1' })).result).toMatchObject({
      hotel: { ...room, ...validity },
    });

    simulator.control({ do: 'noCard' });
    expect(await client.request('readCard', { deviceId: 'encoder-1' })).toMatchObject({
      ok: false,
      error: { code: 'noCard' },
    });
    expect(errorOf(await client.request('writeHotelCard', { deviceId: 'encoder-1', room, ...validity }))).toBe(
      'noCard',
    );
    expect(errorOf(await client.request('eraseCard', { deviceId: 'encoder-1' }))).toBe('noCard');
  });
});

describe('the simulated driver: fingerprint scanners', () => {
  it('asks for the finger three times (progress), then answers a template in its make', async () => {
    // The scans take their time on a clock the test moves (collectOn): no waiting, and no answer early.
    const clock = new ManualClock(Date.now());
    const { port } = await driver({ clock });
    const client = await DriverClient.greeted(port);
    const a = await collectOn(clock, client, 'scanner-a');
    const progress = client.progressOf(a.id);
    expect(progress).toEqual([1, 2, 3].map((step) => ({ event: 'progress', id: a.id, step, of: 3 })));
    const answerAt = client.messages.indexOf(client.messages.find((m) => m.id === a.id && 'ok' in m) ?? {});
    expect(client.messages.indexOf(progress[2] ?? {})).toBeLessThan(answerAt);

    const first = DRIVER_METHODS.collectFingerprint.result.parse(a.result);
    expect(first.deviceType).toBe(1);
    expect(first.template).toMatch(/^[A-Za-z0-9+/]{16,8192}={0,2}$/);
    const bytes = Buffer.from(first.template, 'base64');
    expect(bytes).toHaveLength(256);
    expect(bytes[0]).toBe(1);

    const b = DRIVER_METHODS.collectFingerprint.result.parse((await collectOn(clock, client, 'scanner-b')).result);
    expect(b.deviceType).toBe(2);
    const other = Buffer.from(b.template, 'base64');
    expect(other[0]).toBe(2);
    expect(other.subarray(0, 4)).not.toEqual(bytes.subarray(0, 4));
    const again = await collectOn(clock, client, 'scanner-a');
    expect(again.result?.template).not.toBe(first.template);
  });

  it('serves one request at a time per device, whichever connection asks', async () => {
    const { port } = await driver();
    const first = await DriverClient.greeted(port);
    const second = await DriverClient.greeted(port);
    const collecting = first.request('collectFingerprint', { deviceId: 'scanner-a' });
    await first.waitFor((m) => m.event === 'progress');
    expect(errorOf(await second.request('collectFingerprint', { deviceId: 'scanner-a' }))).toBe('deviceOccupied');
    expect(errorOf(await first.request('collectFingerprint', { deviceId: 'scanner-a' }))).toBe('deviceOccupied');
    const devices = DRIVER_METHODS.listDevices.result.parse((await second.request('listDevices')).result).devices;
    expect(devices.find((d) => d.deviceId === 'scanner-a')?.busy).toBe(true);
    expect(devices.find((d) => d.deviceId === 'scanner-b')?.busy).toBe(false);
    expect((await second.request('collectFingerprint', { deviceId: 'scanner-b' })).ok).toBe(true);
    expect((await collecting).ok).toBe(true);
    expect((await second.request('collectFingerprint', { deviceId: 'scanner-a' })).ok).toBe(true);
  });
});

describe('the simulated driver: device trouble', () => {
  it('answers deviceNotFound for an unknown or unplugged device, and for one of another kind', async () => {
    const simulator = await driver();
    const client = await DriverClient.greeted(simulator.port);
    expect(errorOf(await client.request('collectFingerprint', { deviceId: 'scanner-z' }))).toBe('deviceNotFound');
    expect(errorOf(await client.request('readCard', { deviceId: 'scanner-a' }))).toBe('deviceNotFound');
    expect(simulator.control({ do: 'unplug', device: 'scanner-a' })).toMatchObject({ ok: true });
    expect(errorOf(await client.request('collectFingerprint', { deviceId: 'scanner-a' }))).toBe('deviceNotFound');
    const devices = DRIVER_METHODS.listDevices.result.parse((await client.request('listDevices')).result).devices;
    expect(devices.map((d) => d.deviceId)).toEqual(['encoder-1', 'scanner-b']);
    simulator.control({ do: 'plug', device: 'scanner-a' });
    expect((await client.request('collectFingerprint', { deviceId: 'scanner-a' })).ok).toBe(true);
    expect(simulator.control({ do: 'unplug', device: 'printer' })).toEqual({
      event: 'ack',
      do: 'unplug',
      ok: false,
      error: 'no device printer',
    });
  });

  it('fails the next request after a fail line, and a scan whose scanner is pulled out', async () => {
    const simulator = await driver();
    const client = await DriverClient.greeted(simulator.port);
    simulator.control({ do: 'fail', device: 'encoder-1' });
    expect(errorOf(await client.request('readCard', { deviceId: 'encoder-1' }))).toBe('deviceConnectionFailed');
    expect((await client.request('readCard', { deviceId: 'encoder-1' })).ok).toBe(true);
    simulator.control({ do: 'fail', device: 'scanner-b', error: 'timeout' });
    expect(errorOf(await client.request('collectFingerprint', { deviceId: 'scanner-b' }))).toBe('timeout');

    const collecting = client.request('collectFingerprint', { deviceId: 'scanner-b' });
    await client.waitFor((m) => m.event === 'progress');
    simulator.control({ do: 'unplug', device: 'scanner-b' });
    expect(errorOf(await collecting)).toBe('deviceConnectionFailed');
    simulator.control({ do: 'plug', device: 'scanner-b' });
    expect((await client.request('collectFingerprint', { deviceId: 'scanner-b' })).ok).toBe(true);
  });
});

describe('the simulated driver: bad frames', () => {
  it('answers badRequest to anything that is not a request, and carries on', async () => {
    const { port } = await driver();
    const client = await DriverClient.greeted(port);
    client.sendRaw('{not json');
    expect(await client.waitFor((m) => m.id === -1)).toMatchObject({ ok: false, error: { code: 'badRequest' } });
    client.sendRaw(JSON.stringify({ id: 77, params: {} }));
    expect(await client.answer(77)).toMatchObject({ ok: false, error: { code: 'badRequest' } });
    client.sendRaw(JSON.stringify({ id: 1.5, method: 'hello' }));
    client.sendRaw('null');
    client.sendRaw(Buffer.from([1, 2, 3]));
    await expect.poll(() => client.messages.filter((m) => m.id === -1).length, POLL).toBe(4);
    expect(errorOf(await client.request('formatDisk', {}))).toBe('badRequest');
    expect(errorOf(await client.request('readCard', { device: 'encoder-1' }))).toBe('badRequest');
    expect(errorOf(await client.request('writeHotelCard', { deviceId: 'encoder-1', room: {}, startDate: 1 }))).toBe(
      'badRequest',
    );
    expect(errorOf(await client.request('hello', { protocol: 'one' }))).toBe('badRequest');
    expect((await client.request('listDevices')).ok).toBe(true);
  });
});

describe('the simulated driver: origins', () => {
  it('lets in tools without an Origin and pages of this machine, and refuses other pages at the handshake', async () => {
    const lines: DriverLine[] = [];
    const { port } = await driver({ report: (line) => lines.push(line) });
    await expect(DriverClient.connect(port)).resolves.toBeDefined();
    await expect(DriverClient.connect(port, 'http://localhost:5173')).resolves.toBeDefined();
    await expect(DriverClient.connect(port, 'http://127.0.0.1:8080')).resolves.toBeDefined();
    await expect(DriverClient.connect(port, 'https://evil.example')).rejects.toThrow('refused: 403');
    await expect(DriverClient.connect(port, 'http://localhost.evil.example:5173')).rejects.toThrow('refused: 403');
    await expect(DriverClient.connect(port, 'null')).rejects.toThrow('refused: 403');
    expect(lines).toContainEqual({ event: 'refused', origin: 'https://evil.example' });
  });

  it('lets in only the origins it is told to allow', async () => {
    const { port } = await driver({ allowOrigins: ['https://console.example.com', 'http://lan-host:*'] });
    await expect(DriverClient.connect(port, 'https://console.example.com')).resolves.toBeDefined();
    await expect(DriverClient.connect(port, 'http://lan-host:3000')).resolves.toBeDefined();
    await expect(DriverClient.connect(port, 'https://console.example.com:8443')).rejects.toThrow('refused: 403');
    await expect(DriverClient.connect(port, 'http://localhost:5173')).rejects.toThrow('refused: 403');
    await expect(DriverClient.connect(port)).resolves.toBeDefined();
  });

  it('answers plain HTTP with 426 and listens on 127.0.0.1 only', async () => {
    const simulator = await driver();
    const response = await fetch(`http://127.0.0.1:${simulator.port}/`);
    expect(response.status).toBe(426);
    expect(simulator.control({ do: 'status' })).toMatchObject({ event: 'status', port: simulator.port });
  });
});

describe('the driver control lines', () => {
  it.each([
    ['{"do":"unplug","device":"scanner-a"}', { do: 'unplug', device: 'scanner-a' }],
    ['{"do":"plug","device":"scanner-a"}', { do: 'plug', device: 'scanner-a' }],
    ['{"do":"fail","device":"encoder-1"}', { do: 'fail', device: 'encoder-1' }],
    ['{"do":"fail","device":"encoder-1","error":"timeout"}', { do: 'fail', device: 'encoder-1', error: 'timeout' }],
    ['{"do":"card","number":"1234567890"}', { do: 'card', number: '1234567890' }],
    ['{"do":"noCard"}', { do: 'noCard' }],
    ['{"do":"status"}', { do: 'status' }],
  ])('reads %s', (line, command) => {
    expect(parseDriverControlLine(line)).toEqual({ ok: true, command });
  });

  it.each([
    'nope',
    '{"do":"card","number":"12ab"}',
    '{"do":"fail","device":"encoder-1","error":"noCard"}',
    '{"do":"explode"}',
  ])('refuses %s', (line) => {
    expect(parseDriverControlLine(line).ok).toBe(false);
  });
});
