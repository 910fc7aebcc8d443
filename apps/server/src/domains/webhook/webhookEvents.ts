import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { insertDeliveries } from './webhookDeliveryQueries';
import { countDropped, endpointsHearing } from './webhookQueries';

/** What every delivery's JSON body is: the event, its id (the same for every endpoint) and its data. */
export interface WebhookEventBody {
  id: string;
  type: string;
  /** When it happened (epoch ms). */
  createdAt: number;
  data: Record<string, unknown>;
}

/** An event id: `evt_` and 24 hex digits. */
export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/**
 * Events for the account's webhook endpoints: one delivery row per endpoint of the account that
 * hears the event (at most WEBHOOK_ENDPOINTS_MAX) and has fewer than WEBHOOK_PENDING_MAX waiting
 * (an endpoint at its cap counts the event as dropped instead), stored in the caller's transaction when
 * given, so an event exists exactly when the change it tells of committed. The worker is woken
 * after the commit (`kick`); its poll finds anything a wake-up missed.
 */
export class WebhookEvents {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Wakes the delivery worker (after a commit). */
    private readonly wake: () => void,
    /** The clock deliveries are due by (the worker's). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores the event's deliveries in `db` (a transaction, or the database); how many. */
  async store(
    db: Executor,
    ownerId: number,
    type: WebhookEvent | string,
    data: Record<string, unknown>,
    at = this.now(),
  ): Promise<number> {
    const hearing = await endpointsHearing(db, ownerId, type);
    await countDropped(
      db,
      hearing.filter((endpoint) => endpoint.full).map((endpoint) => endpoint.id),
      new Date(at),
    );
    const endpoints = hearing.filter((endpoint) => !endpoint.full);
    if (endpoints.length === 0) return 0;
    const body: WebhookEventBody = { id: newEventId(), type, createdAt: at, data };
    const text = JSON.stringify(body);
    const rows = await insertDeliveries(
      db,
      endpoints.map((endpoint) => ({
        userId: ownerId,
        endpointId: endpoint.id,
        kind: 'webhook',
        eventId: body.id,
        eventType: type,
        body: text,
        nextAttemptAt: new Date(at),
      })),
    );
    return rows.length;
  }

  /**
   * After a change committed: stores the event and wakes the worker. Never throws (the change is
   * already made; a lost event is logged).
   */
  async emit(ownerId: number, type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
    try {
      if ((await this.store(this.db, ownerId, type, data)) > 0) this.wake();
    } catch (err) {
      this.log.warn({ err, type }, 'webhook event not stored');
    }
  }

  /** Wakes the worker (after a transaction that stored deliveries committed). */
  kick(): void {
    this.wake();
  }
}
