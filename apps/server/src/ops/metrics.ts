import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { GATEWAY_MESSAGE_KINDS, type LinkMessageKind } from '../devices/deviceInbox';

/** What a remote operation ended as, for the outcome counter. */
export interface OperationEnd {
  /** The operation (RemoteOperationName: unlock, lock, queryDate, addPasscode, ...). */
  operation: string;
  /** success, failed or noRetry. */
  outcome: string;
  /** The reason of a failure (gatewayOffline, timeout, lockRejected...); empty on success. */
  reason: string;
}

/** What the metrics read from the instance when they are asked for. */
export interface MetricsSources {
  /** Gateways online now (the database: every instance answers the same). */
  connectedGateways(): Promise<number>;
  /** Accounts with a live channel open on this instance (those whose live messages it receives). */
  liveAccounts(): number;
}

/**
 * The instance's Prometheus metrics (GET /metrics): request latency by route, remote-operation
 * outcomes, gateways connected, the gateway and live messages this instance took from the broker
 * (so the division of work between instances shows), and Node.js's own (memory, event-loop lag,
 * GC). Each app has its own registry, so several in one process (tests) do not mix.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly operations: Counter<'operation' | 'outcome' | 'reason'>;
  private readonly gatewayMessages: Counter<'kind'>;
  private readonly liveMessages: Counter;

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'smartlock_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its reply, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.operations = new Counter({
      name: 'smartlock_remote_operations_total',
      help: 'Remote operations ended, by operation, outcome (success, failed, noRetry) and reason.',
      labelNames: ['operation', 'outcome', 'reason'],
      registers: [this.registry],
    });
    new Gauge({
      name: 'smartlock_gateways_connected',
      help: 'Gateways online now (all instances see the same number).',
      registers: [this.registry],
      async collect() {
        this.set(await sources.connectedGateways());
      },
    });
    this.gatewayMessages = new Counter({
      name: 'smartlock_gateway_messages_total',
      help: 'Gateway messages this instance took from the broker and handled, by kind (status, reply, progress, state, records, reach; refused: unknown gateway, malformed or wrongly signed).',
      labelNames: ['kind'],
      registers: [this.registry],
    });
    // Every kind from the start (at 0), so a series never appears out of nowhere.
    for (const kind of GATEWAY_MESSAGE_KINDS) this.gatewayMessages.inc({ kind }, 0);
    this.liveMessages = new Counter({
      name: 'smartlock_live_messages_received_total',
      help: 'Live messages this instance received from the other instances through the broker.',
      registers: [this.registry],
    });
    new Gauge({
      name: 'smartlock_live_accounts',
      help: 'Accounts with a live channel open on this instance: the accounts whose live messages it receives.',
      registers: [this.registry],
      collect() {
        this.set(sources.liveAccounts());
      },
    });
  }

  /** A message taken from the broker: a gateway's, by kind, or a live message. */
  linkMessage(kind: LinkMessageKind): void {
    if (kind === 'live') this.liveMessages.inc();
    else this.gatewayMessages.inc({ kind });
  }

  /** One request answered: its route pattern (not the path, which carries ids), never its query. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requests.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }

  operationEnded(end: OperationEnd): void {
    this.operations.inc({ operation: end.operation, outcome: end.outcome, reason: end.reason });
  }

  /** The exposition text, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
