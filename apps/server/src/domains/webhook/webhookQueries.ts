import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';

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

/** The account's endpoints that hear `eventType` (at most WEBHOOK_ENDPOINTS_MAX exist). */
export function endpointsHearing(db: Executor, userId: number, eventType: string): Promise<{ id: number }[]> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), sql`${webhookEndpoints.events} ? ${eventType}`));
}
