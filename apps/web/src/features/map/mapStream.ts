import { MAP_LIVE_PATH, type MapActivity, map } from '@smartlock/contract';
import { reconnectDelay } from '../../live/backoff';
import { browserTimers, type LiveSource, type Timers } from '../../live/liveChannel';

export interface MapStreamState {
  /** The latest numbers; kept on screen while the stream is away. */
  activity?: MapActivity;
  connected: boolean;
}

export interface MapStreamOptions {
  connect: (url: string) => LiveSource;
  delay?: (attempt: number) => number;
  timers?: Timers;
}

/**
 * The public screens' numbers as they change: the map's live stream (MAP_LIVE_PATH), which
 * sends them on connecting and on every change. A dropped stream (a server restart, a proxy
 * error) is opened again after a growing delay, the last numbers staying on screen meanwhile.
 */
export class MapStream {
  private source: LiveSource | undefined;
  private wanted = false;
  private attempt = 0;
  private retry: unknown;
  private state: MapStreamState = { connected: false };
  private readonly listeners = new Set<() => void>();
  private readonly timers: Timers;
  private readonly delay: (attempt: number) => number;

  constructor(private readonly options: MapStreamOptions) {
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
    this.update({ connected: false });
  }

  /** The current state (the same object until it changes, as useSyncExternalStore wants). */
  snapshot = (): MapStreamState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private connect(): void {
    const source = this.options.connect(MAP_LIVE_PATH);
    this.source = source;
    source.addEventListener('open', () => {
      if (this.source !== source) return;
      this.attempt = 0;
      this.update({ connected: true });
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      source.close();
      this.source = undefined;
      this.update({ connected: false });
      this.scheduleReconnect();
    });
    source.addEventListener('activity', (event) => {
      if (this.source !== source) return;
      const activity = parseActivity(event.data);
      if (activity) this.update({ activity, connected: true });
    });
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

  private update(change: Partial<MapStreamState>): void {
    const next = { ...this.state, ...change };
    if (next.activity === this.state.activity && next.connected === this.state.connected) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The numbers of one `activity` message, or undefined when it is not what the contract says. */
export function parseActivity(data: unknown): MapActivity | undefined {
  try {
    const parsed = map.getActivity.data.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
