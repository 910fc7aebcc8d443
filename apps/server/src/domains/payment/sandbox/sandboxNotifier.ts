import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../../db/client';
import {
  claimDueNotifications,
  markNotificationDelivered,
  scheduleNotificationRetry,
  storeNotification,
} from './sandboxQueries';
import { SIGNATURE_HEADER, signNotification } from './sandboxSignature';

/** What the sandbox tells the merchant. */
export type SandboxEventType = 'payment.succeeded' | 'payment.declined' | 'payment.cancelled' | 'refund.succeeded';

export interface SandboxEventBody {
  id: string;
  type: SandboxEventType;
  /** When it happened (ms). */
  created: number;
  data: { payment: string; orderNo: string; amount: number; currency: number };
}

/** Tries before the sandbox gives a notification up, as real providers do after a day or so. */
export const MAX_ATTEMPTS = 12;
/** A claimed notification is someone's for this long; a crashed instance's claim then lapses. */
const LEASE_MS = 60_000;
const BATCH = 10;

/** Seconds before the next try after `attempts` failed ones: 2, 4, 8, ... up to an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 3600);
}

/**
 * The sandbox's server-to-server notifications: each event is stored, then POSTed to the
 * merchant's notify address, signed, until the merchant answers 2xx (at most MAX_ATTEMPTS
 * times, backing off). Any instance sends what is due; a claim is one statement, so two
 * instances never send the same attempt.
 */
export class SandboxNotifier {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A kick came while sending: send again right after. */
  private again = false;

  constructor(
    private readonly db: Executor,
    private readonly key: Buffer,
    private readonly log: FastifyBaseLogger,
    /** The merchant's notification address, resolved when sending (any instance may send). */
    private readonly target: () => string,
    private readonly send: typeof fetch = fetch,
  ) {}

  /** Stores an event for a payment (in the caller's transaction, when given). */
  async enqueue(
    db: Executor,
    type: SandboxEventType,
    payment: { id: string; orderNo: string; amount: number; currency: number },
    now = Date.now(),
  ): Promise<string> {
    const body: SandboxEventBody = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      created: now,
      data: { payment: payment.id, orderNo: payment.orderNo, amount: payment.amount, currency: payment.currency },
    };
    await storeNotification(db, { eventId: body.id, paymentId: payment.id, body: JSON.stringify(body) });
    return body.id;
  }

  /** Sends what is due now, in the background (after an event was stored). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .then(() => undefined)
      .catch((err) => this.log.warn({ err }, 'sandbox notifications failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  start(intervalMs = 2000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.again = false;
    await this.running;
  }

  /** Claims the due notifications and sends each once; answers how many the merchant took. */
  async deliverDue(): Promise<number> {
    const claimed = await claimDueNotifications(this.db, {
      batch: BATCH,
      maxAttempts: MAX_ATTEMPTS,
      leaseMs: LEASE_MS,
    });
    let delivered = 0;
    for (const row of claimed) {
      const error = await this.post(row.body);
      if (error === undefined) {
        delivered++;
        await markNotificationDelivered(this.db, row.id);
      } else {
        this.log.warn({ eventId: row.eventId, attempt: row.attempts, error }, 'sandbox notification not taken');
        await scheduleNotificationRetry(
          this.db,
          row.id,
          error.slice(0, 500),
          new Date(Date.now() + retryDelaySeconds(row.attempts) * 1000),
        );
      }
    }
    return delivered;
  }

  /** One try: undefined when the merchant answered 2xx, else why not. */
  private async post(body: string): Promise<string | undefined> {
    try {
      const response = await this.send(this.target(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(this.key, body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? undefined : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}
