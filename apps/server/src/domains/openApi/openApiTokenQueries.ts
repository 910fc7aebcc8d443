import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { openApiTokens } from '../../db/schema';

export type OpenApiTokenRow = typeof openApiTokens.$inferSelect;

export async function insertToken(db: Executor, values: typeof openApiTokens.$inferInsert): Promise<void> {
  await db.insert(openApiTokens).values(values);
}

/** The token of an access token's hash, revoked and expired ones too (those answer 10004, not 10003). */
export async function tokenByAccess(db: Executor, accessHash: string): Promise<OpenApiTokenRow | undefined> {
  const [row] = await db.select().from(openApiTokens).where(eq(openApiTokens.accessHash, accessHash)).limit(1);
  return row;
}

/**
 * Spends a client's refresh token: revokes its pair and returns it, once (two refreshes racing
 * get one pair between them); undefined when unknown, another client's, revoked or expired.
 */
export async function spendRefreshToken(
  db: Executor,
  refreshHash: string,
  clientPk: number,
): Promise<OpenApiTokenRow | undefined> {
  const [row] = await db
    .update(openApiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(openApiTokens.refreshHash, refreshHash),
        eq(openApiTokens.clientPk, clientPk),
        isNull(openApiTokens.revokedAt),
        sql`${openApiTokens.refreshExpiresAt} > now()`,
      ),
    )
    .returning();
  return row;
}

/** Ends every token a client issued (a new client secret). */
export async function revokeTokensOfClient(db: Executor, clientPk: number): Promise<void> {
  await db
    .update(openApiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(openApiTokens.clientPk, clientPk), isNull(openApiTokens.revokedAt)));
}

/** Ends every token acting as an account (a new password). */
export async function revokeTokensOfUser(db: Executor, userId: number): Promise<void> {
  await db
    .update(openApiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(openApiTokens.userId, userId), isNull(openApiTokens.revokedAt)));
}
