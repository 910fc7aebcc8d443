import { MAP_LIVE_PATH, type MapActivity, map } from '@smartlock/contract';
import { ReconnectingStream, type StreamOptions } from '../../live/reconnectingStream';

export interface MapStreamState {
  /** The latest numbers; kept on screen while the stream is away. */
  activity?: MapActivity;
  connected: boolean;
}

/**
 * The public screens' numbers as they change: the map's live stream (MAP_LIVE_PATH), which
 * sends them on connecting and on every change. A dropped stream (a server restart, a proxy
 * error) is opened again after a growing delay, the last numbers staying on screen meanwhile.
 */
export class MapStream {
  private readonly stream: ReconnectingStream;
  private state: MapStreamState = { connected: false };
  private readonly listeners = new Set<() => void>();

  constructor(options: StreamOptions) {
    this.stream = new ReconnectingStream(
      MAP_LIVE_PATH,
      ['activity'],
      {
        status: (connected) => this.update({ connected }),
        message: (_type, data) => {
          const activity = parseActivity(data);
          if (activity) this.update({ activity, connected: true });
        },
      },
      options,
    );
  }

  open(): void {
    this.stream.open();
  }

  close(): void {
    this.stream.close();
  }

  /** The current state (the same object until it changes, as useSyncExternalStore wants). */
  snapshot = (): MapStreamState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

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
