import { reconnectDelay } from './backoff';

/** What a stream needs of an EventSource (a stand-in in tests). */
export interface LiveSource {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** setTimeout and clearTimeout. */
export const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface StreamOptions {
  connect: (url: string) => LiveSource;
  delay?: (attempt: number) => number;
  timers?: Timers;
}

export interface StreamHandlers {
  /** The stream opened (true) or dropped (false). */
  status(connected: boolean): void;
  /** One event of the named types, with its data as sent. */
  message(type: string, data: unknown): void;
}

/**
 * One server-sent event stream, kept open while wanted: a dropped or refused stream is closed
 * and opened again after a growing delay (1 s doubling to 30 s, spread), the delay starting over
 * once a stream opens.
 */
export class ReconnectingStream {
  private source: LiveSource | undefined;
  private wanted = false;
  private attempt = 0;
  private retry: unknown;
  private readonly timers: Timers;
  private readonly delay: (attempt: number) => number;

  constructor(
    private readonly url: string,
    private readonly types: readonly string[],
    private readonly handlers: StreamHandlers,
    private readonly options: StreamOptions,
  ) {
    this.timers = options.timers ?? browserTimers;
    this.delay = options.delay ?? ((attempt) => reconnectDelay(attempt));
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
    this.handlers.status(false);
  }

  private connect(): void {
    const source = this.options.connect(this.url);
    this.source = source;
    source.addEventListener('open', () => {
      if (this.source !== source) return;
      this.attempt = 0;
      this.handlers.status(true);
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      source.close();
      this.source = undefined;
      this.handlers.status(false);
      this.scheduleReconnect();
    });
    for (const type of this.types) {
      source.addEventListener(type, (event) => {
        if (this.source === source) this.handlers.message(type, event.data);
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
}
