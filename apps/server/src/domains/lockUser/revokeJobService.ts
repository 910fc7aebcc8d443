import {
  REVOKE_JOB_LOCKS_MAX,
  REVOKE_JOBS_OPEN_MAX,
  type RevokeJob,
  type RevokeJobItem,
  RevokeState,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { personHoldingsByLock, personKey } from './lockUserQueries';
import { insertJob, jobOf, openJobCount, type RevokeItemRow, type RevokeJobRow } from './revokeJobQueries';

/** The job's state from its items': still working, waiting for locks, or ended (failed when one lock did). */
export function jobState(items: readonly { state: string }[]): RevokeState {
  const has = (state: RevokeState) => items.some((item) => item.state === state);
  if (has(RevokeState.running)) return RevokeState.running;
  if (has(RevokeState.queued))
    return items.every((item) => item.state === RevokeState.queued) ? RevokeState.queued : RevokeState.running;
  if (has(RevokeState.pending)) return RevokeState.pending;
  return has(RevokeState.failed) ? RevokeState.failed : RevokeState.done;
}

function presentJob(job: RevokeJobRow, items: RevokeItemRow[]): RevokeJob {
  const counts = { queued: 0, running: 0, pending: 0, done: 0, failed: 0 };
  for (const item of items) counts[item.state as RevokeState] += 1;
  return {
    jobId: job.id,
    lockUser: job.lockUser,
    name: job.name,
    state: jobState(items),
    createdAt: job.createdAt.getTime(),
    finishedAt: job.finishedAt ? job.finishedAt.getTime() : null,
    counts,
    items: items.map(
      (item): RevokeJobItem => ({
        lockId: item.lockId,
        lockAlias: item.lockAlias,
        state: item.state as RevokeState,
        removed: item.removed,
        atLock: item.atLock,
        kept: item.kept,
        errorCode: item.errorCode,
        operationError: item.operationError,
      }),
    ),
  };
}

/**
 * Revoke all (docs/governance.md): a person's credentials on the caller's managed locks taken
 * back as a job, one item per lock, run in the background by RevokeJobRunner.
 */
export class RevokeJobService {
  constructor(
    private readonly db: Db,
    /** Tells the runner a job is waiting (it also finds it on its own). */
    private readonly wake: () => void,
  ) {}

  async start(userId: number, lockUser: string): Promise<{ jobId: number; lockCount: number }> {
    const who = personKey(lockUser);
    const { total, held } = await personHoldingsByLock(this.db, userId, who, {
      pageNo: 1,
      pageSize: REVOKE_JOB_LOCKS_MAX,
    });
    // Nobody on the caller's locks: as another account's person (or nobody at all).
    if (total === 0) throw new ApiError('noPermission', {}, 'no such lock user on your locks');
    if (total > REVOKE_JOB_LOCKS_MAX) throw new ApiError('revokeAllTooManyLocks', {}, `${total} locks`);
    const locks = new Map<number, string>();
    for (const row of held) if (!locks.has(row.lockId)) locks.set(row.lockId, row.lockAlias);
    const name = held.find((row) => row.account)?.account ?? held[0]?.name ?? who;
    const jobId = await this.db.transaction(async (tx) => {
      if ((await openJobCount(tx, userId)) >= REVOKE_JOBS_OPEN_MAX) {
        throw new ApiError('tooManyRequests', {}, 'too many unfinished revoke-all jobs');
      }
      return insertJob(
        tx,
        { userId, lockUser: who, name },
        [...locks].map(([lockId, lockAlias]) => ({ lockId, lockAlias })),
      );
    });
    this.wake();
    return { jobId, lockCount: locks.size };
  }

  /** A job of the caller's; anyone else's (or none) answers "no permission". */
  async get(userId: number, jobId: number): Promise<RevokeJob> {
    const found = await jobOf(this.db, userId, jobId);
    if (!found) throw new ApiError('noPermission', {}, 'no such job of yours');
    return presentJob(found.job, found.items);
  }
}
