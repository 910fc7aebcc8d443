/**
 * The client of the local device driver (packages/contract/src/driver/protocol.ts): a WebSocket
 * to ws://127.0.0.1:DRIVER_PORT/ on the user's own machine, through which the console reaches a
 * hotel card encoder and fingerprint scanners plugged into that machine.
 *
 * - `connect()` opens the socket and says `hello`: the driver answers its version, protocol and
 *   devices. A driver older than MIN_DRIVER_VERSION (or an older protocol) is refused with
 *   "web socket plugin version too low"; no driver listening is "device driver not found".
 * - `request()` sends a method with a fresh id and waits for the answer with that id, or gives
 *   up after a timeout; `progress` events for the id reach `onProgress` (and restart the wait).
 * - Failures are DriverFailure, each with the message the console shows (spec section 8's
 *   client messages where there is one: `client.deviceNotFound`, ...).
 * - A dropped connection fails what was waiting; the next `connect()` or `request()` opens a
 *   new one (reconnect on demand).
 *
 * Where: port DRIVER_PORT, unless localStorage holds another under DRIVER_PORT_STORAGE_KEY
 * (`sl.driverPort`). End-to-end tests point the console at a simulated driver that way, before
 * the page loads: `localStorage.setItem('sl.driverPort', '28620')`.
 */
import {
  type ClientMessage,
  DRIVER_METHODS,
  DRIVER_PORT,
  DRIVER_PROTOCOL,
  type DriverDevice,
  type DriverErrorName,
  type DriverMethod,
  driverMessage,
  MIN_DRIVER_VERSION,
  versionAtLeast,
} from '@smartlock/contract';
import type { z } from 'zod';
import { browserTimers, type Timers } from '../live/reconnectingStream';

/** The localStorage key that overrides the driver's port (tests). */
export const DRIVER_PORT_STORAGE_KEY = 'sl.driverPort';

/** The port to find the driver on: the override in storage when it is a valid port, else DRIVER_PORT. */
export function driverPort(storage?: Pick<Storage, 'getItem'> | null): number {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(DRIVER_PORT_STORAGE_KEY);
  } catch {
    raw = undefined;
  }
  if (raw && /^[1-9][0-9]{0,4}$/.test(raw.trim())) {
    const port = Number(raw.trim());
    if (port <= 65_535) return port;
  }
  return DRIVER_PORT;
}

export function driverUrl(port: number): string {
  return `ws://127.0.0.1:${port}/`;
}

/** Why a driver request failed: the driver's own error codes, and the console's. */
export type DriverFailureCode =
  | DriverErrorName
  /** Nothing answers on the driver's port (not installed or not running). */
  | 'driverNotFound'
  /** The driver is older than MIN_DRIVER_VERSION, or speaks an older protocol. */
  | 'driverTooOld'
  /** The connection dropped while a request waited. */
  | 'disconnected'
  /** The driver answered something the protocol does not allow. */
  | 'badReply';

const MESSAGE_KEY: Record<DriverFailureCode, `client.${ClientMessage}` | `driver.error.${string}`> = {
  driverNotFound: 'client.deviceDriverNotFound',
  driverTooOld: 'client.webSocketPluginTooLow',
  protocolTooOld: 'client.webSocketPluginTooLow',
  deviceNotFound: 'client.deviceNotFound',
  deviceOccupied: 'client.deviceOccupied',
  deviceConnectionFailed: 'client.deviceConnectionFailed',
  badReply: 'client.deviceConnectionFailed',
  noCard: 'driver.error.noCard',
  timeout: 'driver.error.timeout',
  badRequest: 'driver.error.badRequest',
  disconnected: 'driver.error.disconnected',
};

/** The i18n key of the message a driver failure shows. */
export function driverMessageKey(code: DriverFailureCode): string {
  return MESSAGE_KEY[code];
}

/** Every failure code, for tests and exhaustive views. */
export const DRIVER_FAILURE_CODES = Object.keys(MESSAGE_KEY) as DriverFailureCode[];

export class DriverFailure extends Error {
  constructor(
    readonly code: DriverFailureCode,
    /** What the driver said, for logs; the console shows `messageKey`. */
    readonly detail = '',
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }

  get messageKey(): string {
    return driverMessageKey(this.code);
  }
}

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export interface DriverSocket {
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => DriverSocket;

/** The browser's WebSocket. */
export const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as DriverSocket;

export type DriverParams<M extends DriverMethod> = z.input<(typeof DRIVER_METHODS)[M]['params']>;
export type DriverResult<M extends DriverMethod> = z.output<(typeof DRIVER_METHODS)[M]['result']>;
export type HelloResult = DriverResult<'hello'>;

export type DriverStatus = 'idle' | 'connecting' | 'ready' | 'failed';

/** The connection as screens show it. A new object on every change. */
export interface DriverState {
  status: DriverStatus;
  driverVersion?: string;
  devices: DriverDevice[];
  /** Why the last connection failed or ended ('failed' only). */
  failure?: DriverFailure;
}

export interface RequestOptions {
  /** Scans done and needed (fingerprints). */
  onProgress?: (step: number, of: number) => void;
  /** How long to wait for the answer, and again after each progress event. */
  timeoutMs?: number;
}

export interface DriverClientOptions {
  url: string;
  socket?: SocketFactory;
  timers?: Timers;
  /** Told to the driver in `hello`. */
  clientName?: string;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

interface Pending {
  method: DriverMethod;
  resolve: (result: unknown) => void;
  reject: (failure: DriverFailure) => void;
  onProgress?: (step: number, of: number) => void;
  timeoutMs: number;
  timer: unknown;
}

const DEFAULTS = { clientName: 'smartlock-console', connectTimeoutMs: 5_000, requestTimeoutMs: 20_000 };

export class DriverClient {
  private socket: DriverSocket | undefined;
  private connecting: Promise<HelloResult> | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<() => void>();
  private current: DriverState = { status: 'idle', devices: [] };
  private readonly timers: Timers;
  private readonly makeSocket: SocketFactory;

  constructor(private readonly options: DriverClientOptions) {
    this.timers = options.timers ?? browserTimers;
    this.makeSocket = options.socket ?? browserSocket;
  }

  get url(): string {
    return this.options.url;
  }

  /** The connection now (the shape useSyncExternalStore wants). */
  getState = (): DriverState => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(next: DriverState): void {
    this.current = next;
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Opens the connection and says hello (once: callers share a connection under way or open).
   * Resolves with the driver's hello; rejects with driverNotFound, driverTooOld or what the
   * driver refused.
   */
  connect(): Promise<HelloResult> {
    if (this.connecting) return this.connecting;
    const attempt: Promise<HelloResult> = this.open().catch((failure: unknown) => {
      if (this.connecting === attempt) this.connecting = undefined;
      throw failure;
    });
    this.connecting = attempt;
    return attempt;
  }

  private open(): Promise<HelloResult> {
    this.setState({ status: 'connecting', devices: [] });
    return new Promise<HelloResult>((resolve, reject) => {
      let settled = false;
      let socket: DriverSocket | undefined;
      const fail = (failure: DriverFailure) => {
        if (settled) return;
        settled = true;
        this.timers.clear(connectTimer);
        if (socket !== undefined && this.socket === socket) this.drop(socket, failure);
        else this.setState({ status: 'failed', devices: [], failure });
        reject(failure);
      };
      const connectTimer = this.timers.set(
        () => fail(new DriverFailure('driverNotFound', 'no answer')),
        this.options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
      );
      let opened: DriverSocket;
      try {
        opened = this.makeSocket(this.options.url);
      } catch (error) {
        fail(new DriverFailure('driverNotFound', String(error)));
        return;
      }
      socket = opened;
      this.socket = opened;
      opened.onmessage = (event) => this.receive(event.data);
      opened.onerror = () => {
        if (!settled) fail(new DriverFailure('driverNotFound', 'socket error'));
      };
      opened.onclose = () => {
        if (!settled) fail(new DriverFailure('driverNotFound', 'closed'));
        else this.drop(opened, new DriverFailure('disconnected'));
      };
      opened.onopen = () => {
        this.send<'hello'>(
          'hello',
          { protocol: DRIVER_PROTOCOL, client: this.options.clientName ?? DEFAULTS.clientName },
          {},
        ).then(
          (hello) => {
            if (settled) return;
            if (hello.protocol < DRIVER_PROTOCOL || !versionAtLeast(hello.driverVersion, MIN_DRIVER_VERSION)) {
              fail(new DriverFailure('driverTooOld', `driver ${hello.driverVersion}, protocol ${hello.protocol}`));
              return;
            }
            settled = true;
            this.timers.clear(connectTimer);
            this.setState({ status: 'ready', driverVersion: hello.driverVersion, devices: hello.devices });
            resolve(hello);
          },
          (failure: DriverFailure) =>
            fail(failure.code === 'protocolTooOld' ? new DriverFailure('driverTooOld', failure.detail) : failure),
        );
      };
    });
  }

  /** Forgets a socket: fails what waited on it and shows why (unless a newer socket took its place). */
  private drop(socket: DriverSocket, failure: DriverFailure): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.connecting = undefined;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
    for (const [id, waiting] of this.pending) {
      this.timers.clear(waiting.timer);
      this.pending.delete(id);
      waiting.reject(failure.code === 'disconnected' ? failure : new DriverFailure('disconnected', failure.detail));
    }
    this.setState({ status: 'failed', devices: [], failure });
  }

  /** Closes the connection on purpose: nothing is shown as failed. */
  close(): void {
    const socket = this.socket;
    if (socket) this.drop(socket, new DriverFailure('disconnected', 'closed by the console'));
    this.setState({ status: 'idle', devices: [] });
  }

  /**
   * Sends a method (connecting first if need be) and resolves with its checked result, or
   * rejects with a DriverFailure.
   */
  async request<M extends DriverMethod>(
    method: M,
    params: DriverParams<M>,
    options: RequestOptions = {},
  ): Promise<DriverResult<M>> {
    await this.connect();
    return this.send(method, params, options);
  }

  /** The devices plugged in now (also kept in the state). */
  async listDevices(): Promise<DriverDevice[]> {
    const { devices } = await this.request('listDevices', {});
    if (this.current.status === 'ready') this.setState({ ...this.current, devices });
    return devices;
  }

  private send<M extends DriverMethod>(
    method: M,
    params: DriverParams<M>,
    options: RequestOptions,
  ): Promise<DriverResult<M>> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new DriverFailure('disconnected'));
    const id = this.nextId++;
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
    return new Promise<DriverResult<M>>((resolve, reject) => {
      const waiting: Pending = {
        method,
        resolve: resolve as (result: unknown) => void,
        reject,
        timeoutMs,
        timer: undefined,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      };
      this.pending.set(id, waiting);
      this.arm(id, waiting);
      try {
        socket.send(JSON.stringify({ id, method, params }));
      } catch (error) {
        this.timers.clear(waiting.timer);
        this.pending.delete(id);
        reject(new DriverFailure('disconnected', String(error)));
      }
    });
  }

  private arm(id: number, waiting: Pending): void {
    this.timers.clear(waiting.timer);
    waiting.timer = this.timers.set(() => {
      if (this.pending.get(id) !== waiting) return;
      this.pending.delete(id);
      waiting.reject(new DriverFailure('timeout', `${waiting.method} got no answer`));
    }, waiting.timeoutMs);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = driverMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if ('event' in message) {
      waiting.onProgress?.(message.step, message.of);
      this.arm(message.id, waiting);
      return;
    }
    this.timers.clear(waiting.timer);
    this.pending.delete(message.id);
    if (!message.ok) {
      waiting.reject(new DriverFailure(message.error.code, message.error.message));
      return;
    }
    const result = DRIVER_METHODS[waiting.method].result.safeParse(message.result);
    if (result.success) waiting.resolve(result.data);
    else waiting.reject(new DriverFailure('badReply', `${waiting.method}: ${result.error.message}`));
  }
}

let shared: DriverClient | undefined;

/** The console's one driver client (one connection for every screen of this tab). */
export function sharedDriverClient(): DriverClient {
  shared ??= new DriverClient({
    url: driverUrl(driverPort(typeof localStorage === 'undefined' ? undefined : localStorage)),
  });
  return shared;
}
