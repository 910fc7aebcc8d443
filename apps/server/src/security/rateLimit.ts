import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateCounters } from '../db/schema';

export interface Count {
  count: number;
  /** When the current window ends (epoch ms). */
  resetAt: number;
}

/**
 * Fixed-window counters in the database, so every server instance sees the same numbers.
 * `hit` counts one event atomically and returns the count in the current window.
 */
export class RateLimiter {
  constructor(private readonly db: Executor) {}

  async hit(key: string, windowMs: number): Promise<Count> {
    const window = sql`make_interval(secs => ${windowMs / 1000})`;
    const rows = await this.db
      .insert(rateCounters)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: {
          count: sql`case when ${rateCounters.windowStart} < now() - ${window} then 1 else ${rateCounters.count} + 1 end`,
          windowStart: sql`case when ${rateCounters.windowStart} < now() - ${window} then now() else ${rateCounters.windowStart} end`,
        },
      })
      .returning({ count: rateCounters.count, windowStart: rateCounters.windowStart });
    const row = rows[0];
    if (!row) throw new Error('rate counter upsert returned nothing');
    return { count: row.count, resetAt: row.windowStart.getTime() + windowMs };
  }

  /** The count in the current window without adding to it. */
  async peek(key: string, windowMs: number): Promise<Count> {
    const rows = await this.db.select().from(rateCounters).where(eq(rateCounters.key, key));
    const row = rows[0];
    if (!row || row.windowStart.getTime() + windowMs < Date.now()) return { count: 0, resetAt: Date.now() + windowMs };
    return { count: row.count, resetAt: row.windowStart.getTime() + windowMs };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateCounters).where(eq(rateCounters.key, key));
  }

  /** Drops counters whose window ended long ago. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(Date.now() - olderThanMs)));
  }
}
