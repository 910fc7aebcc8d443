import { and, asc, count, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lockGroupLocks, lockGroups, locks, stayFeeds, stays } from '../../db/schema';
import { managedLockCondition } from '../lock/lockQueries';

export type StayFeedRow = typeof stayFeeds.$inferSelect;
export type NewStayFeed = typeof stayFeeds.$inferInsert;

/** A feed with its lock's or group's name and how many stays it holds now. */
export interface StayFeedListed {
  row: StayFeedRow;
  targetName: string;
  stayCount: number;
}

export async function insertFeed(db: Executor, values: NewStayFeed): Promise<StayFeedRow> {
  const [row] = await db.insert(stayFeeds).values(values).returning();
  if (!row) throw new Error('feed insert returned nothing');
  return row;
}

export async function feedById(db: Executor, feedId: number): Promise<StayFeedRow | undefined> {
  const [row] = await db.select().from(stayFeeds).where(eq(stayFeeds.id, feedId));
  return row;
}

export async function updateFeed(db: Executor, feedId: number, values: Partial<NewStayFeed>): Promise<void> {
  await db.update(stayFeeds).set(values).where(eq(stayFeeds.id, feedId));
}

export async function deleteFeed(db: Executor, feedId: number): Promise<void> {
  await db.delete(stayFeeds).where(eq(stayFeeds.id, feedId));
}

/** The account's feeds (of one lock or group when given), oldest first, with their targets' names. */
export async function feedsOfOwner(
  db: Executor,
  ownerId: number,
  target: { lockId?: number | undefined; groupId?: number | undefined; feedId?: number | undefined },
): Promise<StayFeedListed[]> {
  const live = db
    .select({ feedId: stays.feedId, n: count().as('n') })
    .from(stays)
    .where(and(eq(stays.state, 'live'), sql`${stays.validTo} > now()`))
    .groupBy(stays.feedId)
    .as('live');
  const rows = await db
    .select({ row: stayFeeds, lockName: locks.name, groupName: lockGroups.name, n: live.n })
    .from(stayFeeds)
    .leftJoin(locks, eq(locks.id, stayFeeds.lockId))
    .leftJoin(lockGroups, eq(lockGroups.id, stayFeeds.groupId))
    .leftJoin(live, eq(live.feedId, stayFeeds.id))
    .where(
      and(
        eq(stayFeeds.ownerId, ownerId),
        target.lockId === undefined ? undefined : eq(stayFeeds.lockId, target.lockId),
        target.groupId === undefined ? undefined : eq(stayFeeds.groupId, target.groupId),
        target.feedId === undefined ? undefined : eq(stayFeeds.id, target.feedId),
      ),
    )
    .orderBy(asc(stayFeeds.createdAt), asc(stayFeeds.id));
  return rows.map((r) => ({ row: r.row, targetName: r.lockName ?? r.groupName ?? '', stayCount: Number(r.n ?? 0) }));
}

/** How many feeds a lock or group has, and how many the account has. */
export async function feedCounts(
  db: Executor,
  ownerId: number,
  target: { lockId?: number | undefined; groupId?: number | undefined },
): Promise<{ ofTarget: number; ofAccount: number }> {
  const [ofTarget] = await db
    .select({ n: count() })
    .from(stayFeeds)
    .where(
      target.lockId !== undefined ? eq(stayFeeds.lockId, target.lockId) : eq(stayFeeds.groupId, target.groupId ?? 0),
    );
  const [ofAccount] = await db.select({ n: count() }).from(stayFeeds).where(eq(stayFeeds.ownerId, ownerId));
  return { ofTarget: ofTarget?.n ?? 0, ofAccount: ofAccount?.n ?? 0 };
}

/** The locks a feed issues to: its lock, or the locks its owner files in its group and still manages. */
export async function lockIdsOfFeed(db: Executor, feed: StayFeedRow): Promise<number[]> {
  if (feed.lockId !== null) return [feed.lockId];
  const rows = await db
    .select({ id: locks.id })
    .from(lockGroupLocks)
    .innerJoin(locks, eq(locks.id, lockGroupLocks.lockId))
    .where(
      and(
        eq(lockGroupLocks.groupId, feed.groupId ?? 0),
        eq(lockGroupLocks.userId, feed.ownerId),
        managedLockCondition(feed.ownerId),
      ),
    )
    .orderBy(asc(locks.id));
  return rows.map((r) => r.id);
}

/** Locks filed in the account's group, managed or not (a group feed needs every one manageable). */
export async function filedLockIds(db: Executor, ownerId: number, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: lockGroupLocks.lockId })
    .from(lockGroupLocks)
    .where(and(eq(lockGroupLocks.groupId, groupId), eq(lockGroupLocks.userId, ownerId)));
  return rows.map((r) => r.id);
}

const free = (now: Date) => or(isNull(stayFeeds.leaseUntil), lt(stayFeeds.leaseUntil, now));

/**
 * Claims up to `batch` feeds due at `now` for this instance: one statement that sets a lease
 * (FOR UPDATE SKIP LOCKED: another instance claiming at the same moment takes other feeds, and a
 * leased feed is no longer free), so each feed is read by one instance at a time; a crashed
 * instance's lease lapses.
 */
export function claimDueFeeds(
  db: Executor,
  claim: { now: Date; batch: number; leaseMs: number },
): Promise<StayFeedRow[]> {
  return db
    .update(stayFeeds)
    .set({ leaseUntil: new Date(claim.now.getTime() + claim.leaseMs) })
    .where(
      inArray(
        stayFeeds.id,
        db
          .select({ id: stayFeeds.id })
          .from(stayFeeds)
          .where(and(lte(stayFeeds.nextPollAt, claim.now), free(claim.now)))
          .orderBy(asc(stayFeeds.nextPollAt))
          .limit(claim.batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** Claims one feed now ("Read now"), unless another read of it holds its lease. */
export async function claimFeed(
  db: Executor,
  feedId: number,
  claim: { now: Date; leaseMs: number },
): Promise<StayFeedRow | undefined> {
  const [row] = await db
    .update(stayFeeds)
    .set({ leaseUntil: new Date(claim.now.getTime() + claim.leaseMs) })
    .where(
      inArray(
        stayFeeds.id,
        db
          .select({ id: stayFeeds.id })
          .from(stayFeeds)
          .where(and(eq(stayFeeds.id, feedId), free(claim.now)))
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  return row;
}

/** Ends a read: its result, the next read's time, and the lease given back (only the holder's). */
export async function endFeedRead(
  db: Executor,
  feedId: number,
  lease: Date | null,
  values: Partial<NewStayFeed>,
): Promise<void> {
  await db
    .update(stayFeeds)
    .set({ ...values, leaseUntil: null })
    .where(and(eq(stayFeeds.id, feedId), lease ? eq(stayFeeds.leaseUntil, lease) : isNull(stayFeeds.leaseUntil)));
}
