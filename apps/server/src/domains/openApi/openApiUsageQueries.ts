import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { openApiUsage } from '../../db/schema';

/** The calendar month (UTC) of an instant, as the meter keys it: YYYY-MM. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Counts one call of an account in a month. */
export async function countCall(db: Executor, userId: number, month: string): Promise<void> {
  await db
    .insert(openApiUsage)
    .values({ userId, month, calls: 1 })
    .onConflictDoUpdate({
      target: [openApiUsage.userId, openApiUsage.month],
      set: { calls: sql`${openApiUsage.calls} + 1` },
    });
}

export async function callsIn(db: Executor, userId: number, month: string): Promise<number> {
  const [row] = await db
    .select({ calls: openApiUsage.calls })
    .from(openApiUsage)
    .where(and(eq(openApiUsage.userId, userId), eq(openApiUsage.month, month)));
  return row?.calls ?? 0;
}
