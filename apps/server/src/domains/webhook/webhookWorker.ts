import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mapAtMost } from '../../util/atMost';
import { PeriodicRun } from '../../util/periodicRun';
import type { DeliveryKind } from './deliveryKinds';
import { claimDueDeliveries, endTry, type TryOutcome, type WebhookDeliveryRow } from './webhookDeliveryQueries';
import { MAX_ATTEMPTS, retryDelayMs } from './webhookSchedule';

/** The longest part of a receiver's answer read. */
export const ANSWER_MAX = 1024;
/** The longest error text kept. */
const ERROR_MAX = 300;

export interface WorkerOptions {
  /** The clock (epoch ms): what is due, and when the next try is. Tests drive it. */
  now: () => number;
  /** One try's time limit. */
  timeoutMs: number;
  /** A claim is this instance's for this long; past it another instance tries again (a crash). */
  leaseMs: number;
  /** Deliveries claimed at once. */
  batch: number;
  /** Tries under way at once. */
  concurrency: number;
  /** How often the worker looks for due deliveries when nothing wakes it. */
  pollMs: number;
  /** Where tries are sent (fetch). */
  send: typeof fetch;
  /** Places a retry within its jitter. */
  random: () => number;
}

export const WORKER_DEFAULTS: WorkerOptions = {
  now: () => Date.now(),
  timeoutMs: 10_000,
  leaseMs: 120_000,
  batch: 20,
  concurrency: 8,
  pollMs: 2000,
  send: (input, init) => fetch(input, init),
  random: () => Math.random(),
};

/** The start of an answer's body, read no further than ANSWER_MAX bytes. */
async function boundedText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < ANSWER_MAX) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, ANSWER_MAX).toString('utf8');
}

/** What one run sent. */
export interface RunSummary {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
}

/**
 * Sends due deliveries (webhooks and record callbacks), in every instance. Each run claims a
 * batch in one statement (FOR UPDATE SKIP LOCKED, claimDueDeliveries), sends each with a time
 * limit, reads at most ANSWER_MAX bytes of the answer, and records the end: taken, tried again
 * on the published schedule (webhookSchedule.ts), or failed after the last try. Woken after
 * events commit, and polling otherwise; nothing lives only in memory.
 */
export class WebhookWorker {
  private readonly options: WorkerOptions;
  private readonly periodic: PeriodicRun;

  constructor(
    private readonly db: Db,
    /** How each kind of delivery is sent (another worker over the same table takes the same). */
    readonly kinds: Record<string, DeliveryKind>,
    private readonly log: FastifyBaseLogger,
    options: Partial<WorkerOptions> = {},
  ) {
    this.options = { ...WORKER_DEFAULTS, ...options };
    this.periodic = new PeriodicRun(
      () => this.runDue(),
      this.options.pollMs,
      (err) => this.log.warn({ err }, 'webhook deliveries failed'),
    );
  }

  /** Polls, and runs when woken. */
  start(): void {
    this.periodic.start();
  }

  /** Runs soon (once more after a run under way), if started. */
  kick(): void {
    this.periodic.kick();
  }

  /** Stops polling and waits for the run under way (each try bounded by its time limit). */
  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** Claims what is due now and sends it; what came of it. */
  async runDue(): Promise<RunSummary> {
    const now = this.options.now();
    const claimed = await claimDueDeliveries(this.db, {
      now: new Date(now),
      batch: this.options.batch,
      leaseMs: this.options.leaseMs,
    });
    const summary: RunSummary = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0 };
    const ends = await mapAtMost(claimed, this.options.concurrency, (row) => this.deliver(row, now));
    for (const end of ends) summary[end] += 1;
    return summary;
  }

  private async deliver(row: WebhookDeliveryRow, now: number): Promise<'delivered' | 'retrying' | 'failed'> {
    const kind = this.kinds[row.kind];
    let outcome: TryOutcome & { taken: boolean };
    let prepared: Awaited<ReturnType<DeliveryKind['prepare']>>;
    try {
      prepared = kind ? await kind.prepare(row, now) : { gone: `unknown kind ${row.kind}` };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return this.end(row, { taken: false, statusCode: null, responseMs: null, error: message });
    }
    if ('gone' in prepared) {
      await endTry(this.db, row.id, row.attempts, {
        status: 'failed',
        statusCode: null,
        responseMs: null,
        error: prepared.gone,
        now: new Date(this.options.now()),
      });
      return 'failed';
    }
    const started = performance.now();
    try {
      const response = await this.options.send(prepared.url, {
        method: 'POST',
        headers: prepared.headers,
        body: row.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const answer = await boundedText(response);
      const taken = prepared.taken(response.status, answer);
      outcome = {
        taken,
        statusCode: response.status,
        responseMs: Math.round(performance.now() - started),
        error: taken ? null : `answered ${response.status}${answer ? `: ${answer.slice(0, 100)}` : ''}`,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const message =
        error instanceof Error ? (error.name === 'TimeoutError' ? 'no answer in time' : error.message) : String(error);
      outcome = {
        taken: false,
        statusCode: null,
        responseMs: Math.round(performance.now() - started),
        error: cause ? `${message} (${cause})` : message,
      };
    }
    return this.end(row, outcome);
  }

  /** Records a try's end: taken, tried again on the schedule, or failed after the last try. */
  private async end(
    row: WebhookDeliveryRow,
    outcome: TryOutcome & { taken: boolean },
  ): Promise<'delivered' | 'retrying' | 'failed'> {
    const ended = new Date(this.options.now());
    const { taken, ...fields } = outcome;
    const error = fields.error?.slice(0, ERROR_MAX) ?? null;
    if (taken) {
      await endTry(this.db, row.id, row.attempts, { ...fields, error, status: 'delivered', now: ended });
      return 'delivered';
    }
    const delay = row.attempts < MAX_ATTEMPTS ? retryDelayMs(row.attempts, this.options.random()) : undefined;
    if (delay === undefined) {
      this.log.warn({ deliveryId: row.id, attempts: row.attempts }, 'webhook delivery failed after its last try');
      await endTry(this.db, row.id, row.attempts, { ...fields, error, status: 'failed', now: ended });
      return 'failed';
    }
    await endTry(this.db, row.id, row.attempts, {
      ...fields,
      error,
      status: 'pending',
      nextAttemptAt: new Date(ended.getTime() + delay),
      now: ended,
    });
    return 'retrying';
  }
}
