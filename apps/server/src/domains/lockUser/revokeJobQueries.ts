import { RevokeState } from '@smartlock/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { remoteOperations, revokeJobItems, revokeJobs } from '../../db/schema';

/** Revoke-all jobs and their per-lock items (docs/governance.md, "Person view and revoke all"). */

export type RevokeJobRow = typeof revokeJobs.$inferSelect;
export type RevokeItemRow = typeof revokeJobItems.$inferSelect;

/** States an item may still leave. */
export const OPEN_ITEM_STATES: readonly string[] = [RevokeState.queued, RevokeState.running, RevokeState.pending];

/** A new job with one queued item per lock; its id. */
export async function insertJob(
  db: Executor,
  job: { userId: number; lockUser: string; name: string },
  locks: readonly { lockId: number; lockAlias: string }[],
): Promise<number> {
  const [row] = await db.insert(revokeJobs).values(job).returning({ id: revokeJobs.id });
  const jobId = row?.id as number;
  await db
    .insert(revokeJobItems)
    .values(
      locks.map((lock) => ({ jobId, lockId: lock.lockId, lockAlias: lock.lockAlias, state: RevokeState.queued })),
    );
  return jobId;
}

/** How many of the account's jobs have not finished. */
export async function openJobCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(revokeJobs)
    .where(and(eq(revokeJobs.userId, userId), isNull(revokeJobs.finishedAt)));
  return Number(row?.n ?? 0);
}

/** The job and its items (lock order as created), when it is the account's. */
export async function jobOf(
  db: Executor,
  userId: number,
  jobId: number,
): Promise<{ job: RevokeJobRow; items: RevokeItemRow[] } | undefined> {
  const [job] = await db
    .select()
    .from(revokeJobs)
    .where(and(eq(revokeJobs.id, jobId), eq(revokeJobs.userId, userId)));
  if (!job) return undefined;
  const items = await db
    .select()
    .from(revokeJobItems)
    .where(eq(revokeJobItems.jobId, jobId))
    .orderBy(asc(revokeJobItems.id));
  return { job, items };
}

/** A claimed item with what its job says: who runs it and for whom. */
export interface ClaimedItem {
  id: number;
  jobId: number;
  lockId: number;
  state: string;
  attempts: number;
  /** The catalogue code a start at the lock was refused with (0: none). */
  errorCode: number;
  operationIds: string[];
  userId: number;
  lockUser: string;
}

/**
 * Claims the next due item for this instance: a queued one (or one whose instance's lease ran
 * out) becomes running, a pending one stays pending; either is leased until `leaseMs` from now,
 * so no other instance takes it meanwhile. Rows another instance is claiming are skipped
 * (FOR UPDATE SKIP LOCKED), never waited for.
 */
export async function claimDueItem(db: Executor, leaseMs: number): Promise<ClaimedItem | undefined> {
  const result = (await db.execute(sql`
    update ${revokeJobItems} i set
      state = case when i.state = ${RevokeState.pending} then i.state else ${RevokeState.running} end,
      attempts = i.attempts + case when i.state = ${RevokeState.pending} then 0 else 1 end,
      due_at = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    from (select id from ${revokeJobItems}
        where state in (${RevokeState.queued}, ${RevokeState.running}, ${RevokeState.pending}) and due_at <= now()
        order by due_at, id limit 1 for update skip locked) due, ${revokeJobs} j
    where i.id = due.id and j.id = i.job_id
    returning i.id, i.job_id, i.lock_id, i.state, i.attempts, i.error_code, i.operation_ids, j.user_id, j.lock_user`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const [row] = result.rows;
  if (!row) return undefined;
  const ids = row.operation_ids;
  return {
    id: Number(row.id),
    jobId: Number(row.job_id),
    lockId: Number(row.lock_id),
    state: String(row.state),
    attempts: Number(row.attempts),
    errorCode: Number(row.error_code),
    operationIds: (typeof ids === 'string' ? JSON.parse(ids) : ids) as string[],
    userId: Number(row.user_id),
    lockUser: String(row.lock_user),
  };
}

/** Records what an item came to; a pending one is next checked after `checkMs`. */
export async function settleItem(
  db: Executor,
  id: number,
  outcome: Partial<
    Pick<RevokeItemRow, 'removed' | 'atLock' | 'kept' | 'errorCode' | 'operationError' | 'operationIds'>
  > & { state: string },
  checkMs = 0,
): Promise<void> {
  await db
    .update(revokeJobItems)
    .set({ ...outcome, dueAt: sql`now() + ${checkMs} * interval '1 millisecond'`, updatedAt: sql`now()` })
    .where(eq(revokeJobItems.id, id));
}

/** The job is finished once none of its items can still change: then it says when. */
export async function finishJobIfEnded(db: Executor, jobId: number): Promise<void> {
  await db.execute(sql`update ${revokeJobs} set finished_at = now()
    where id = ${jobId} and finished_at is null and not exists (select 1 from ${revokeJobItems}
      where job_id = ${jobId} and state in (${RevokeState.queued}, ${RevokeState.running}, ${RevokeState.pending}))`);
}

/** The remote operations' states and errors, by id. */
export async function operationStates(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { state: number; error: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: remoteOperations.id, state: remoteOperations.state, error: remoteOperations.error })
    .from(remoteOperations)
    .where(inArray(remoteOperations.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { state: row.state, error: row.error }]));
}
