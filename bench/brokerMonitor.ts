/**
 * Counts what goes through the broker, from the outside: a plain MQTT client subscribed to every
 * gateway's topics and the instances' live topics, counting messages by kind (a gateway's status,
 * replies and events by name; the cloud's commands and acknowledgements; live messages), the
 * records the `records` events carry, and the cloud's acknowledgement latency: from a `records`
 * event passing the broker to the `ack` naming it.
 */
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { percentile } from './support';

export interface BrokerTally {
  /** Messages by kind: `status`, `reply`, `progress`, `event:<name>`, `ack`, `command`, `live`. */
  byKind: Map<string, number>;
  /** Payload bytes by kind. */
  bytesByKind: Map<string, number>;
  /** Records carried by `records` events. */
  records: number;
  /** Acknowledgement latencies (ms) of `records` events, in arrival order of the acks. */
  ackMs: number[];
}

export interface BrokerMonitor {
  /** What passed since the last call (and starts a new tally). */
  take(): BrokerTally;
  close(): Promise<void>;
}

function emptyTally(): BrokerTally {
  return { byKind: new Map(), bytesByKind: new Map(), records: 0, ackMs: [] };
}

export async function startBrokerMonitor(url: string): Promise<BrokerMonitor> {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `cloud-monitor-${Math.random().toString(16).slice(2, 10)}`,
    clean: true,
    reconnectPeriod: 0,
  });
  let tally = emptyTally();
  /** When each `records` event passed, by its id (until its ack). */
  const sentAt = new Map<string, number>();
  let bytes = 0;
  const count = (kind: string) => {
    tally.byKind.set(kind, (tally.byKind.get(kind) ?? 0) + 1);
    tally.bytesByKind.set(kind, (tally.bytesByKind.get(kind) ?? 0) + bytes);
  };
  client.on('message', (topic, payload) => {
    const now = performance.now();
    bytes = payload.length;
    if (topic.startsWith('cloud/live/')) {
      count('live');
      return;
    }
    let message: { kind?: string; name?: string; id?: string; data?: { records?: unknown[] } };
    try {
      message = JSON.parse(payload.toString('utf8'));
    } catch {
      count('unreadable');
      return;
    }
    if (topic.endsWith('/status')) count('status');
    else if (topic.endsWith('/cmd')) {
      if (message.kind === 'ack') {
        count('ack');
        const at = message.id ? sentAt.get(message.id) : undefined;
        if (at !== undefined && message.id) {
          tally.ackMs.push(now - at);
          sentAt.delete(message.id);
        }
      } else count('command');
    } else if (message.kind === 'event') {
      count(`event:${message.name}`);
      if (message.name === 'records' && message.id) {
        tally.records += message.data?.records?.length ?? 0;
        sentAt.set(message.id, now);
      }
    } else count(message.kind ?? 'unknown');
  });
  await client.subscribeAsync(['gw/+/evt', 'gw/+/status', 'gw/+/cmd', 'cloud/live/#'], { qos: 0 });
  return {
    take() {
      const taken = tally;
      tally = emptyTally();
      return taken;
    },
    async close() {
      await client.endAsync(true);
    },
  };
}

/** All messages of a tally. */
export function messageCount(tally: BrokerTally, kinds?: (kind: string) => boolean): number {
  let sum = 0;
  for (const [kind, n] of tally.byKind) if (!kinds || kinds(kind)) sum += n;
  return sum;
}

/** A gateway's own messages (what the cloud handles): status, replies, progress, events. */
export const fromGateways = (kind: string) =>
  kind === 'status' || kind === 'reply' || kind === 'progress' || kind.startsWith('event:');

export function describeTally(tally: BrokerTally): string {
  const kinds = [...tally.byKind]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n} (${Math.round((tally.bytesByKind.get(k) ?? 0) / n)} B)`);
  const acks = [...tally.ackMs].sort((a, b) => a - b);
  return `${kinds.join(', ') || 'nothing'}; ${tally.records} records in records events${
    acks.length ? `; ack p50 ${percentile(acks, 50).toFixed(0)} ms, p99 ${percentile(acks, 99).toFixed(0)} ms` : ''
  }`;
}
