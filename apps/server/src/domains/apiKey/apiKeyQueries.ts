import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { apiKeys, locks, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The live (not revoked) key with this secret's hash; read on every call made with a key. */
const liveKeyByHash = preparedStatement((db) =>
  db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, sql.placeholder('secretHash')), isNull(apiKeys.revokedAt)))
    .prepare('api_key_live_by_hash'),
);

export async function liveKeyWithHash(db: Executor, secretHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await liveKeyByHash(db).execute({ secretHash });
  return row;
}

/** Notes a key as used now (the caller limits it to once a minute). */
const keyUsed = preparedStatement((db) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiKeys.id, sql.placeholder('id')))
    .prepare('api_key_used'),
);

export async function noteKeyUsed(db: Executor, keyId: number): Promise<void> {
  await keyUsed(db).execute({ id: keyId });
}

/** The account's live keys, newest first. */
export async function liveKeysOf(db: Executor, userId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** How many live keys the account holds, its row locked first so two creations take turns. */
export async function lockedLiveKeyCount(tx: Executor, userId: number): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(tx: Executor, values: typeof apiKeys.$inferInsert): Promise<number> {
  const [row] = await tx.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error('api key insert returned nothing');
  return row.id;
}

/** Revokes one of the account's live keys; false when it has no such key. */
export async function revokeKeyOf(db: Executor, userId: number, keyId: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Revokes every live key of the account (its deletion). */
export async function revokeAllKeysOf(db: Executor, userId: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
}

/** The names of these locks, by id (those that still exist). */
export async function lockNames(db: Executor, lockIds: number[]): Promise<Map<number, string>> {
  if (lockIds.length === 0) return new Map();
  const rows = await db.select({ id: locks.id, name: locks.name }).from(locks).where(inArray(locks.id, lockIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}
