import { and, eq, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { openApiUsage } from '../../db/schema';

/** The calendar month (UTC) of an instant, as the meter keys it: YYYY-MM. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Who a call is counted for: the account's open API client, or one of its API keys. */
export type UsageSource = 'openApi' | `key:${number}`;

/** The meter's source of an API key. */
export const keySource = (keyId: number): UsageSource => `key:${keyId}`;

/** Counts one call of an account's source in a month. */
export async function countCall(db: Executor, userId: number, month: string, source: UsageSource): Promise<void> {
  await db
    .insert(openApiUsage)
    .values({ userId, source, month, calls: 1 })
    .onConflictDoUpdate({
      target: [openApiUsage.userId, openApiUsage.source, openApiUsage.month],
      set: { calls: sql`${openApiUsage.calls} + 1` },
    });
}

export async function callsIn(db: Executor, userId: number, month: string, source: UsageSource): Promise<number> {
  const [row] = await db
    .select({ calls: openApiUsage.calls })
    .from(openApiUsage)
    .where(and(eq(openApiUsage.userId, userId), eq(openApiUsage.source, source), eq(openApiUsage.month, month)));
  return row?.calls ?? 0;
}

/** The month's calls of each of the account's API keys, by key id (keys without calls left out). */
export async function keyCallsIn(db: Executor, userId: number, month: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ source: openApiUsage.source, calls: openApiUsage.calls })
    .from(openApiUsage)
    .where(and(eq(openApiUsage.userId, userId), eq(openApiUsage.month, month), like(openApiUsage.source, 'key:%')));
  return new Map(rows.map((row) => [Number(row.source.slice(4)), row.calls]));
}
