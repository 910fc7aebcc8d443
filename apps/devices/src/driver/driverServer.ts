/**
 * The local device driver, simulated (docs/driver.md): a WebSocket service on 127.0.0.1 that the
 * console talks to, to reach the hotel card encoder and the fingerprint scanners of this machine.
 * It speaks DRIVER_METHODS of the contract; it answers every frame, bad ones included, and never
 * lets a connection bring it down.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  DRIVER_METHODS,
  DRIVER_PORT,
  DRIVER_PROTOCOL,
  type DriverDevice,
  type DriverErrorName,
  type DriverMessage,
  type DriverMethod,
  driverRequest,
} from '@smartlock/contract';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { z } from 'zod';
import { type Clock, sleep, systemClock } from '../clock';
import { describeError } from '../errors';
import { type CardOnEncoder, type DeviceStatus, DriverDevices, type InjectableFailure } from './driverDevices';
import { DEFAULT_ALLOWED_ORIGINS, type OriginPattern, originAllowed, parseOriginPattern } from './origins';

/** What the simulated driver says it is, unless told to pretend an older one. */
export const SIMULATED_DRIVER_VERSION = '2.4.0';
/** How many times a scanner asks for the finger. */
export const FINGERPRINT_SCANS = 3;
/** The largest frame the driver reads. */
const MAX_FRAME_BYTES = 64 * 1024;

export interface DriverSimulatorOptions {
  /** Port on 127.0.0.1 (default DRIVER_PORT; 0: any free port, see `port` once started). */
  port?: number;
  /** The card encoder is plugged in (default true). */
  encoder?: boolean;
  /** The two fingerprint scanners are plugged in (default true). */
  scanners?: boolean;
  /** The version hello answers (default SIMULATED_DRIVER_VERSION). */
  version?: string;
  /** Origins pages may connect from (`scheme://host:port`, or `scheme://host:*`); default DEFAULT_ALLOWED_ORIGINS. */
  allowOrigins?: readonly string[];
  /** Time between two scans of a finger (default 150 ms). */
  scanStepMs?: number;
  /** Time the encoder takes to read, write or erase a card (default 60 ms). */
  cardMs?: number;
  /** The clock scans and card work take their time on (tests move a ManualClock instead of waiting). */
  clock?: Clock;
  /** Told of connections and requests (the command line prints them). */
  report?: (line: DriverLine) => void;
  /** Diagnostics (the command line writes them to stderr). */
  log?: (message: string) => void;
}

/** What the simulator tells its command line (one JSON line each on stdout). */
export type DriverLine =
  | { event: 'ready'; port: number }
  | { event: 'connected'; connection: number; origin?: string }
  | { event: 'disconnected'; connection: number }
  | { event: 'refused'; origin: string }
  | { event: 'request'; connection: number; id: number; method: string; ok: boolean; error?: DriverErrorName }
  | { event: 'ack'; do: string; ok: boolean; error?: string }
  | {
      event: 'status';
      driverVersion: string;
      port: number;
      connections: number;
      devices: DeviceStatus[];
      card: CardOnEncoder | null;
    };

/** What a control line can make of the devices (stdin of `npm run devices -- driver`). */
export type DriverControl =
  | { do: 'plug' | 'unplug'; device: string }
  | { do: 'fail'; device: string; error?: InjectableFailure }
  | { do: 'card'; number: string }
  | { do: 'noCard' }
  | { do: 'status' };

/** A request that failed the way the console is told. */
class DriverFailure extends Error {
  constructor(
    readonly code: DriverErrorName,
    message: string,
  ) {
    super(message);
  }
}

const MESSAGES: Record<DriverErrorName, string> = {
  deviceNotFound: 'No such device is plugged in',
  deviceOccupied: 'The device is in use by another request',
  deviceConnectionFailed: 'The driver cannot talk to the device',
  noCard: 'There is no card on the encoder',
  timeout: 'The device did not answer in time',
  badRequest: 'Bad request',
  protocolTooOld: 'The protocols of the console and the driver differ',
};

const fail = (code: DriverErrorName, message = MESSAGES[code]) => new DriverFailure(code, message);

interface Connection {
  readonly number: number;
  readonly socket: WebSocket;
  greeted: boolean;
}

type Params<M extends DriverMethod> = z.infer<(typeof DRIVER_METHODS)[M]['params']>;
type Result<M extends DriverMethod> = z.infer<(typeof DRIVER_METHODS)[M]['result']>;

/** A fingerprint template as scanner `deviceType` makes it: 256 bytes, base64; byte 0 is the scanner's type. */
export function fingerprintTemplate(deviceType: number): string {
  const bytes = randomBytes(256);
  bytes[0] = deviceType;
  // Each make has its own header: "FPA" + format 1, or "FPB" + format 2.
  bytes.write(deviceType === 1 ? 'FPA' : 'FPB', 1, 'ascii');
  bytes[4] = deviceType;
  return bytes.toString('base64');
}

/** The request id of a frame that is no request, when it has a usable one (else -1). */
function idOf(json: unknown): number {
  const id = (json as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : -1;
}

function isDriverMethod(method: string): method is DriverMethod {
  return Object.hasOwn(DRIVER_METHODS, method);
}

export class DriverSimulator {
  readonly devices: DriverDevices;
  readonly version: string;
  private readonly origins: OriginPattern[];
  private readonly scanStepMs: number;
  private readonly cardMs: number;
  private readonly clock: Clock;
  private readonly report: (line: DriverLine) => void;
  private readonly sockets: WebSocketServer;
  private readonly connections = new Set<Connection>();
  private nextConnection = 1;
  private closed = false;

  private constructor(
    private readonly server: Server,
    options: DriverSimulatorOptions,
  ) {
    this.devices = new DriverDevices({ encoder: options.encoder, scanners: options.scanners });
    this.version = options.version ?? SIMULATED_DRIVER_VERSION;
    this.origins = (options.allowOrigins ?? DEFAULT_ALLOWED_ORIGINS).map((raw) => {
      const pattern = parseOriginPattern(raw);
      if (!pattern) throw new Error(`not an origin: ${raw}`);
      return pattern;
    });
    this.scanStepMs = options.scanStepMs ?? 150;
    this.cardMs = options.cardMs ?? 60;
    this.clock = options.clock ?? systemClock;
    this.report = options.report ?? (() => {});
    this.sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
    server.on('upgrade', (request, socket, head) => this.onUpgrade(request, socket, head));
    server.on('request', (_request, response) => {
      response.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' });
      response.end('The device driver speaks WebSocket only.\n');
    });
  }

  /** Starts listening on 127.0.0.1 (only there). */
  static async start(options: DriverSimulatorOptions = {}): Promise<DriverSimulator> {
    const server = createServer();
    const simulator = new DriverSimulator(server, options);
    const port = options.port ?? DRIVER_PORT;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(`port ${port} on 127.0.0.1 is taken (another driver?); choose another with --port`)
            : error,
        );
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
    server.on('error', (error) => options.log?.(`driver server: ${describeError(error)}`));
    return simulator;
  }

  /** The port it listens on. */
  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /** Carries out a control line; answers the line to print (an ack, or the status). */
  control(command: DriverControl): DriverLine {
    const ack = (error?: string): DriverLine => ({
      event: 'ack',
      do: command.do,
      ok: !error,
      ...(error ? { error } : {}),
    });
    switch (command.do) {
      case 'plug':
      case 'unplug':
        return this.devices.setPlugged(command.device, command.do === 'plug')
          ? ack()
          : ack(`no device ${command.device}`);
      case 'fail':
        return this.devices.failNext(command.device, command.error ?? 'deviceConnectionFailed')
          ? ack()
          : ack(`no device ${command.device}`);
      case 'card':
        this.devices.placeCard(command.number);
        return ack();
      case 'noCard':
        this.devices.removeCard();
        return ack();
      case 'status':
        return {
          event: 'status',
          driverVersion: this.version,
          port: this.port,
          connections: this.connections.size,
          devices: this.devices.status(),
          card: this.devices.cardOnEncoder() ?? null,
        };
    }
  }

  /** Closes every connection and stops listening. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const connection of this.connections) connection.socket.terminate();
    this.sockets.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const origin = request.headers.origin;
    if (!originAllowed(origin, this.origins)) {
      this.report({ event: 'refused', origin: origin ?? '' });
      const body = 'This origin may not use the device driver.\n';
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    this.sockets.handleUpgrade(request, socket, head, (ws) => this.onConnection(ws, origin));
  }

  private onConnection(socket: WebSocket, origin: string | undefined): void {
    const connection: Connection = { number: this.nextConnection++, socket, greeted: false };
    this.connections.add(connection);
    this.report({ event: 'connected', connection: connection.number, ...(origin ? { origin } : {}) });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      this.connections.delete(connection);
      this.report({ event: 'disconnected', connection: connection.number });
    });
    socket.on('message', (data, isBinary) => {
      this.onFrame(connection, data, isBinary).catch((error: unknown) =>
        this.send(connection, {
          id: -1,
          ok: false,
          error: { code: 'badRequest', message: `the driver failed: ${describeError(error)}` },
        }),
      );
    });
  }

  private async onFrame(connection: Connection, data: RawData, isBinary: boolean): Promise<void> {
    if (isBinary)
      return this.answerError(connection, -1, 'binary', fail('badRequest', 'Requests are JSON text frames'));
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      return this.answerError(connection, -1, '?', fail('badRequest', 'The frame is not JSON'));
    }
    const request = driverRequest.safeParse(json);
    if (!request.success) {
      const method = (json as { method?: unknown } | null)?.method;
      return this.answerError(
        connection,
        idOf(json),
        typeof method === 'string' ? method : '?',
        fail('badRequest', 'A request is {id, method, params}'),
      );
    }
    const { id, method } = request.data;
    try {
      if (!isDriverMethod(method)) throw fail('badRequest', `Unknown method: ${method}`);
      if (method !== 'hello' && !connection.greeted) throw fail('badRequest', 'Say hello first');
      const params = DRIVER_METHODS[method].params.safeParse(request.data.params ?? {});
      if (!params.success) {
        const issue = params.error.issues[0];
        throw fail('badRequest', `Bad params${issue ? `: ${issue.path.join('.') || 'params'} ${issue.message}` : ''}`);
      }
      const result = await this.run(connection, id, method, params.data);
      this.send(connection, { id, ok: true, result });
      this.report({ event: 'request', connection: connection.number, id, method, ok: true });
    } catch (error) {
      if (!(error instanceof DriverFailure)) throw error;
      this.answerError(connection, id, method, error);
    }
  }

  private run(connection: Connection, id: number, method: DriverMethod, params: unknown): Promise<unknown> {
    switch (method) {
      case 'hello':
        return Promise.resolve(this.hello(connection, params as Params<'hello'>));
      case 'listDevices':
        return Promise.resolve({ devices: this.devices.list() } satisfies Result<'listDevices'>);
      case 'readCard':
        return this.readCard(params as Params<'readCard'>);
      case 'writeHotelCard':
        return this.writeHotelCard(params as Params<'writeHotelCard'>);
      case 'eraseCard':
        return this.eraseCard(params as Params<'eraseCard'>);
      case 'collectFingerprint':
        return this.collectFingerprint(connection, id, params as Params<'collectFingerprint'>);
    }
  }

  private hello(connection: Connection, params: Params<'hello'>): Result<'hello'> {
    if (params.protocol !== DRIVER_PROTOCOL) {
      throw fail(
        'protocolTooOld',
        `The console speaks protocol ${params.protocol}, this driver protocol ${DRIVER_PROTOCOL}`,
      );
    }
    connection.greeted = true;
    return { driverVersion: this.version, protocol: DRIVER_PROTOCOL, devices: this.devices.list() };
  }

  private readCard(params: Params<'readCard'>): Promise<Result<'readCard'>> {
    return this.withDevice(params.deviceId, 'cardEncoder', async () => {
      await this.encoderWork(params.deviceId);
      const card = this.devices.cardOnEncoder();
      if (!card) throw fail('noCard');
      return { cardNumber: card.cardNumber, hotel: card.hotel };
    });
  }

  private async writeHotelCard(params: Params<'writeHotelCard'>): Promise<Result<'writeHotelCard'>> {
    if (params.endDate <= params.startDate) throw fail('badRequest', 'endDate must come after startDate');
    return this.withDevice(params.deviceId, 'cardEncoder', async () => {
      await this.encoderWork(params.deviceId);
      const cardNumber = this.devices.writeCard({
        ...params.room,
        startDate: params.startDate,
        endDate: params.endDate,
      });
      if (cardNumber === undefined) throw fail('noCard');
      return { cardNumber };
    });
  }

  private eraseCard(params: Params<'eraseCard'>): Promise<Result<'eraseCard'>> {
    return this.withDevice(params.deviceId, 'cardEncoder', async () => {
      await this.encoderWork(params.deviceId);
      const cardNumber = this.devices.writeCard(null);
      if (cardNumber === undefined) throw fail('noCard');
      return { cardNumber };
    });
  }

  /** The scanner asks for the finger FINGERPRINT_SCANS times (a progress event each), then answers the template. */
  private collectFingerprint(
    connection: Connection,
    id: number,
    params: Params<'collectFingerprint'>,
  ): Promise<Result<'collectFingerprint'>> {
    return this.withDevice(params.deviceId, 'fingerprintScanner', async (device) => {
      for (let step = 1; step <= FINGERPRINT_SCANS; step++) {
        await sleep(this.clock, this.scanStepMs);
        this.stillPlugged(params.deviceId);
        this.send(connection, { event: 'progress', id, step, of: FINGERPRINT_SCANS });
      }
      const deviceType = device.deviceType ?? 1;
      return { template: fingerprintTemplate(deviceType), deviceType };
    });
  }

  /** The encoder talks to the card; pulled out meanwhile, it fails. */
  private async encoderWork(deviceId: string): Promise<void> {
    await sleep(this.clock, this.cardMs);
    this.stillPlugged(deviceId);
  }

  private stillPlugged(deviceId: string): void {
    if (!this.devices.isPlugged(deviceId)) throw fail('deviceConnectionFailed', 'The device was unplugged');
  }

  /** Runs `work` on a device of `kind` while no other request runs on it. */
  private async withDevice<T>(
    deviceId: string,
    kind: DriverDevice['kind'],
    work: (device: DriverDevice) => Promise<T>,
  ): Promise<T> {
    const claimed = this.devices.claim(deviceId, kind);
    if (!claimed.ok) {
      const known = this.devices.has(deviceId);
      throw fail(
        claimed.error,
        claimed.error === 'deviceNotFound' && known ? `${deviceId} is not plugged in, or not a ${kind}` : undefined,
      );
    }
    try {
      return await work(claimed.device);
    } finally {
      claimed.release();
    }
  }

  private answerError(connection: Connection, id: number, method: string, failure: DriverFailure): void {
    this.send(connection, { id, ok: false, error: { code: failure.code, message: failure.message } });
    this.report({ event: 'request', connection: connection.number, id, method, ok: false, error: failure.code });
  }

  private send(connection: Connection, message: DriverMessage): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(message));
  }
}

/** Starts the simulated driver (see DriverSimulatorOptions). */
export function startDriverSimulator(options: DriverSimulatorOptions = {}): Promise<DriverSimulator> {
  return DriverSimulator.start(options);
}
