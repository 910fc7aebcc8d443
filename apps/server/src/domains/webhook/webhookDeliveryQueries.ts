import { and, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'userId' | 'endpointId' | 'kind' | 'eventId' | 'eventType' | 'body'
> & { nextAttemptAt: Date };

/** Stores deliveries due at once (in the caller's transaction, when given). */
export async function insertDeliveries(db: Executor, rows: NewWebhookDelivery[]): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

/**
 * Claims up to `batch` pending deliveries due at `now`: one statement that counts the try and
 * moves the next one past the lease (so a crashed instance's claim lapses and is tried again).
 * FOR UPDATE SKIP LOCKED: an instance claiming at the same moment takes other rows, and a row
 * another claim just moved is no longer due when its lock is released, so each try is one
 * instance's.
 */
export function claimDueDeliveries(
  db: Executor,
  claim: { now: Date; batch: number; leaseMs: number },
): Promise<WebhookDeliveryRow[]> {
  return db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(claim.now.getTime() + claim.leaseMs),
    })
    .where(
      inArray(
        webhookDeliveries.id,
        db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, claim.now)))
          .orderBy(webhookDeliveries.nextAttemptAt)
          .limit(claim.batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** What one try came to. */
export interface TryOutcome {
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
}

/**
 * Records a claimed try's end: delivered, pending again at `nextAttemptAt`, or failed. Only the
 * claim that made try number `attempts` may (a later claim after a lapsed lease owns the row).
 */
export async function endTry(
  db: Executor,
  id: number,
  attempts: number,
  outcome: TryOutcome & { status: 'delivered' | 'pending' | 'failed'; nextAttemptAt?: Date; now: Date },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      lastStatusCode: outcome.statusCode,
      lastResponseMs: outcome.responseMs,
      lastError: outcome.error,
      updatedAt: outcome.now,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attempts, attempts)));
}

/** One endpoint's log, newest first (the endpoint's account checked by the caller). */
export async function deliveriesOfEndpoint(
  db: Executor,
  endpointId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .offset(page.offset)
    .limit(page.limit);
  const [row] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  return { rows, total: row?.n ?? 0 };
}

/** One of the account's webhook deliveries; undefined for another account's, a record callback or none. */
export async function webhookDeliveryOf(
  db: Executor,
  userId: number,
  id: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.kind, 'webhook')),
    );
  return row;
}

/** A delivery due again now with a fresh schedule ("send again"). */
export async function restartDelivery(db: Executor, id: number, now: Date): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

/** A delivery by id (tests and the worker). */
export async function deliveryById(db: Executor, id: number): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

/** Forgets delivered and failed deliveries last touched before `before` (the log's retention). */
export async function pruneDeliveries(db: Executor, before: Date): Promise<void> {
  await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lt(webhookDeliveries.updatedAt, before)));
}
