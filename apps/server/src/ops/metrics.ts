import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What a remote operation ended as, for the outcome counter. */
export interface OperationEnd {
  /** The operation (RemoteOperationName: unlock, lock, queryDate, addPasscode, ...). */
  operation: string;
  /** success, failed or noRetry. */
  outcome: string;
  /** The reason of a failure (gatewayOffline, timeout, lockRejected...); empty on success. */
  reason: string;
}

/**
 * The instance's Prometheus metrics (GET /metrics): request latency by route, remote-operation
 * outcomes, gateways connected, and Node.js's own (memory, event-loop lag, GC). Each app has its
 * own registry, so several in one process (tests) do not mix.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly operations: Counter<'operation' | 'outcome' | 'reason'>;

  constructor(connectedGateways: () => Promise<number>) {
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
        this.set(await connectedGateways());
      },
    });
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
