import { eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateCounters } from '../db/schema';

/** How attempts back off: `free` go at once, then waits from `firstMs`, doubling, at most `maxMs`. */
export interface BackoffRule {
  free: number;
  firstMs: number;
  maxMs: number;
}

/** When a back-off counter's next try may go: its last attempt plus the wait its count has earned. */
function nextTryAt(rule: BackoffRule): SQL {
  const waitMs = sql`case when ${rateCounters.count} < ${rule.free} then 0 else least(${rule.maxMs}::float8, ${rule.firstMs}::float8 * power(2, ${rateCounters.count} - ${rule.free})) end`;
  return sql`(${rateCounters.windowStart} + make_interval(secs => (${waitMs}) / 1000))`;
}

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

  /**
   * Back-off: a counter of attempts since the last success, whose window start is the time of
   * the last attempt. The first `free` attempts go at once; after that each one waits
   * `firstMs`, doubled with every further attempt, at most `maxMs`, after the one before.
   * Claiming counts the attempt (atomically, so a burst gets no more than one try per wait);
   * `reset` after a success forgets them. Kept a day after the last attempt (`prune`).
   */
  async claim(key: string, rule: BackoffRule): Promise<{ ok: true; attempts: number } | { ok: false; waitMs: number }> {
    const rows = await this.db
      .insert(rateCounters)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: { count: sql`${rateCounters.count} + 1`, windowStart: sql`now()` },
        setWhere: sql`${nextTryAt(rule)} <= now()`,
      })
      .returning({ count: rateCounters.count });
    const row = rows[0];
    if (row) return { ok: true, attempts: row.count };
    return { ok: false, waitMs: Math.max(1000, await this.waitOf(key, rule)) };
  }

  /** How long the next claim of `key` would wait, in ms (0: it would go at once), without claiming. */
  async waitOf(key: string, rule: BackoffRule): Promise<number> {
    const [row] = await this.db
      .select({ waitMs: sql<number>`(extract(epoch from (${nextTryAt(rule)} - now())) * 1000)::float8` })
      .from(rateCounters)
      .where(eq(rateCounters.key, key));
    return Math.max(0, Number(row?.waitMs ?? 0));
  }

  /** Drops counters whose window ended long ago. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(Date.now() - olderThanMs)));
  }
}
