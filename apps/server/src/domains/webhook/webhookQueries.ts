import { WEBHOOK_PENDING_MAX } from '@smartlock/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** The account's endpoints, oldest first. */
export function endpointsOf(db: Executor, userId: number): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(asc(webhookEndpoints.id));
}

/** One of the account's endpoints; undefined for another account's or none. */
export async function endpointOf(db: Executor, userId: number, id: number): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

/** An endpoint by id (the worker, sending). */
export async function endpointById(db: Executor, id: number): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** How many endpoints the account has; locks the account's row so two adds cannot pass the cap together. */
export async function countEndpointsLocked(tx: Executor, userId: number): Promise<number> {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  const [row] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  tx: Executor,
  values: { userId: number; url: string; events: string[]; secretSealed: string },
): Promise<WebhookEndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('endpoint not stored');
  return row;
}

/** Changes one of the account's endpoints; undefined when it is not the account's. */
export async function updateEndpoint(
  db: Executor,
  userId: number,
  id: number,
  set: { url?: string; events?: string[]; secretSealed?: string },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  return row;
}

/** Deletes one of the account's endpoints (its deliveries go with it); false when it is not the account's. */
export async function deleteEndpoint(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * The account's endpoints that hear `eventType` (at most WEBHOOK_ENDPOINTS_MAX exist), each with
 * whether WEBHOOK_PENDING_MAX deliveries already wait for it (read off the waiting index, stopping
 * at the cap).
 */
export function endpointsHearing(
  db: Executor,
  userId: number,
  eventType: string,
): Promise<{ id: number; full: boolean }[]> {
  return db
    .select({
      id: webhookEndpoints.id,
      // Written out: drizzle leaves a one-table select's columns unqualified, and a bare "id" here is the delivery's.
      full: sql<boolean>`exists (select 1 from ${webhookDeliveries} d where d.endpoint_id = webhook_endpoints.id
        and d.status = 'pending' offset ${WEBHOOK_PENDING_MAX - 1} limit 1)`,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), sql`${webhookEndpoints.events} ? ${eventType}`));
}

/** Counts an event not queued for these endpoints (their cap reached). */
export async function countDropped(db: Executor, endpointIds: number[], at: Date): Promise<void> {
  if (endpointIds.length === 0) return;
  await db
    .update(webhookEndpoints)
    .set({ droppedEvents: sql`${webhookEndpoints.droppedEvents} + 1`, lastDroppedAt: at })
    .where(inArray(webhookEndpoints.id, endpointIds));
}
