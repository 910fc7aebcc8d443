import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { openApiClients } from '../../db/schema';

export type OpenApiClientRow = typeof openApiClients.$inferSelect;

export async function clientOfUser(db: Executor, userId: number): Promise<OpenApiClientRow | undefined> {
  const [row] = await db.select().from(openApiClients).where(eq(openApiClients.userId, userId)).limit(1);
  return row;
}

export async function clientById(db: Executor, clientId: string): Promise<OpenApiClientRow | undefined> {
  const [row] = await db.select().from(openApiClients).where(eq(openApiClients.clientId, clientId)).limit(1);
  return row;
}

/** The account's client with this secret: made the first time, else its secret replaced. */
export async function saveClientSecret(
  db: Executor,
  values: { userId: number; clientId: string; secretHash: string },
): Promise<OpenApiClientRow> {
  const [row] = await db
    .insert(openApiClients)
    .values(values)
    .onConflictDoUpdate({
      target: openApiClients.userId,
      set: { secretHash: values.secretHash, secretChangedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('open API client upsert returned nothing');
  return row;
}

/** The account's callback address; an account without a client gets one (its secret made later, by a rotation). */
export async function saveCallbackUrl(
  db: Executor,
  values: { userId: number; clientId: string; secretHash: string; callbackUrl: string | null },
): Promise<void> {
  await db
    .insert(openApiClients)
    .values(values)
    .onConflictDoUpdate({ target: openApiClients.userId, set: { callbackUrl: values.callbackUrl } });
}

/** Where a lock owner's new records are posted, if anywhere. */
export async function callbackUrlOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ callbackUrl: openApiClients.callbackUrl })
    .from(openApiClients)
    .where(eq(openApiClients.userId, userId))
    .limit(1);
  return row?.callbackUrl ?? null;
}
