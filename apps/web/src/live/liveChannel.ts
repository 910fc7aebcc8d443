import { LIVE_PATH, LIVE_TYPES, type LiveMessages, type LiveType, type RemoteOperation } from '@smartlock/contract';
import { ReconnectingStream, type StreamOptions } from './reconnectingStream';

type Listener = (message: never) => void;

/** How many operation updates the channel remembers, for followers that subscribe late. */
const RECENT_OPERATIONS = 200;

/**
 * The live channel: one server-sent event stream (LIVE_PATH) while the user is logged in. A
 * dropped or refused stream is closed and opened again after a growing delay. Listeners
 * subscribe by message type; the latest update of each recent operation is kept, because an
 * operation may end before the call that started it has answered.
 */
export class LiveChannel {
  private readonly stream: ReconnectingStream;
  private isConnected = false;
  private readonly listeners = new Map<LiveType, Set<Listener>>();
  private readonly statusListeners = new Set<() => void>();
  private readonly operations = new Map<string, RemoteOperation>();

  constructor(options: StreamOptions) {
    this.stream = new ReconnectingStream(
      LIVE_PATH,
      LIVE_TYPES,
      {
        status: (connected) => this.setConnected(connected),
        message: (type, data) => this.receive(type as LiveType, data),
      },
      options,
    );
  }

  get connected(): boolean {
    return this.isConnected;
  }

  open(): void {
    this.stream.open();
  }

  close(): void {
    this.operations.clear();
    this.stream.close();
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
