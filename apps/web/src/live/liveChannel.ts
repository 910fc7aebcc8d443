import { LIVE_PATH, LIVE_TYPES, type LiveMessages, type LiveType, type RemoteOperation } from '@smartlock/contract';
import { reconnectDelay } from './backoff';

/** What the channel needs of an EventSource (a stand-in in tests). */
export interface LiveSource {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface LiveChannelOptions {
  connect: (url: string) => LiveSource;
  delay?: (attempt: number) => number;
  timers?: Timers;
}

type Listener = (message: never) => void;

/** How many operation updates the channel remembers, for followers that subscribe late. */
const RECENT_OPERATIONS = 200;

/** setTimeout and clearTimeout. */
export const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The live channel: one server-sent event stream (LIVE_PATH) while the user is logged in. A
 * dropped or refused stream is closed and opened again after a growing delay. Listeners
 * subscribe by message type; the latest update of each recent operation is kept, because an
 * operation may end before the call that started it has answered.
 */
export class LiveChannel {
  private source: LiveSource | undefined;
  private wanted = false;
  private attempt = 0;
  private retry: unknown;
  private isConnected = false;
  private readonly listeners = new Map<LiveType, Set<Listener>>();
  private readonly statusListeners = new Set<() => void>();
  private readonly operations = new Map<string, RemoteOperation>();
  private readonly timers: Timers;
  private readonly delay: (attempt: number) => number;

  constructor(private readonly options: LiveChannelOptions) {
    this.timers = options.timers ?? browserTimers;
    this.delay = options.delay ?? ((attempt) => reconnectDelay(attempt));
  }

  get connected(): boolean {
    return this.isConnected;
  }

  open(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.attempt = 0;
    this.connect();
  }

  close(): void {
    this.wanted = false;
    if (this.retry !== undefined) this.timers.clear(this.retry);
    this.retry = undefined;
    this.source?.close();
    this.source = undefined;
    this.operations.clear();
    this.setConnected(false);
  }

  on<T extends LiveType>(type: T, listener: (message: LiveMessages[T]) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  /** Told whenever `connected` changes (the shape useSyncExternalStore wants). */
  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** The latest update of an operation the channel has carried, if any. */
  recentOperation(operationId: string): RemoteOperation | undefined {
    return this.operations.get(operationId);
  }

  private connect(): void {
    const source = this.options.connect(LIVE_PATH);
    this.source = source;
    source.addEventListener('open', () => {
      if (this.source !== source) return;
      this.attempt = 0;
      this.setConnected(true);
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      source.close();
      this.source = undefined;
      this.setConnected(false);
      this.scheduleReconnect();
    });
    for (const type of LIVE_TYPES) {
      source.addEventListener(type, (event) => {
        if (this.source === source) this.receive(type, event.data);
      });
    }
  }

  private scheduleReconnect(): void {
    if (!this.wanted) return;
    const ms = this.delay(this.attempt);
    this.attempt += 1;
    this.retry = this.timers.set(() => {
      this.retry = undefined;
      if (this.wanted) this.connect();
    }, ms);
  }

  private receive(type: LiveType, data: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    if (type === 'operation') this.remember(message as RemoteOperation);
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        listener(message as never);
      } catch (error) {
        console.error(error);
      }
    }
  }

  private remember(operation: RemoteOperation): void {
    if (typeof operation.operationId !== 'string') return;
    this.operations.delete(operation.operationId);
    this.operations.set(operation.operationId, operation);
    if (this.operations.size > RECENT_OPERATIONS) {
      const oldest = this.operations.keys().next().value;
      if (oldest !== undefined) this.operations.delete(oldest);
    }
  }

  private setConnected(connected: boolean): void {
    if (this.isConnected === connected) return;
    this.isConnected = connected;
    for (const listener of this.statusListeners) listener();
  }
}
