import { ERRORS, RemoteOperationState, RevokeState } from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { errorNameOf } from '../remoteOperation/remoteOperationPresenter';
import type { LockUserService } from './lockUserService';
import { type ClaimedItem, claimDueItem, finishJobIfEnded, operationStates, settleItem } from './revokeJobQueries';

export interface RevokeJobRunnerOptions {
  /** How often an idle runner looks for due items. */
  pollMs?: number;
  /** How long a claimed item is this instance's before another may take it over. */
  leaseMs?: number;
  /** How soon a pending item's operations are looked at again. */
  checkMs?: number;
  /** Tries of one item (an instance stopping mid-item counts as one) before it fails. */
  maxAttempts?: number;
  /** Items one pass runs at most before it yields. */
  perPass?: number;
}

const ENDED_BADLY: readonly number[] = [RemoteOperationState.failed, RemoteOperationState.noRetry];

/**
 * Runs revoke-all jobs in the background of every instance (docs/governance.md): claims one due
 * item at a time (FOR UPDATE SKIP LOCKED, leased, so each runs on one instance and an item
 * whose instance stopped is taken over when its lease ends), deletes the person's credentials
 * on its lock through LockUserService.remove (the path of /user/deleteKeyUser), and follows
 * the deletions the lock must confirm until their operations end.
 */
export class RevokeJobRunner {
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly checkMs: number;
  private readonly maxAttempts: number;
  private readonly perPass: number;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly lockUsers: LockUserService,
    private readonly log: FastifyBaseLogger,
    options: RevokeJobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.checkMs = options.checkMs ?? 500;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.perPass = options.perPass ?? 50;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for due items now (a job was just created). */
  wake(): void {
    if (this.stopped) return;
    if (this.pass) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.pass;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.pass = this.runDue()
        .then(() => undefined)
        .catch((err) => this.log.warn({ err }, 'revoke-all jobs: a pass failed'))
        .finally(() => {
          this.pass = undefined;
          if (this.stopped) return;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Runs the items due now, one at a time, at most `perPass`; how many it ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (ran < this.perPass) {
      const item = await claimDueItem(this.db, this.leaseMs);
      if (!item) break;
      ran += 1;
      await this.runItem(item);
      await finishJobIfEnded(this.db, item.jobId);
    }
    return ran;
  }

  /** Claims one due item, or none: what a test uses to show two instances never share one. */
  claim(): Promise<ClaimedItem | undefined> {
    return claimDueItem(this.db, this.leaseMs);
  }

  async runItem(item: ClaimedItem): Promise<void> {
    if (item.state === RevokeState.pending) return this.check(item);
    if (item.attempts > this.maxAttempts) {
      return settleItem(this.db, item.id, { state: RevokeState.failed, errorCode: ERRORS.serverError.code });
    }
    let outcome: Awaited<ReturnType<LockUserService['remove']>>;
    try {
      outcome = await this.lockUsers.remove(item.userId, item.lockUser, [item.lockId]);
    } catch (error) {
      // Not an answer (the database went away...): the lease ends and the item is tried again.
      if (!(error instanceof ApiError)) throw error;
      return settleItem(this.db, item.id, { state: RevokeState.failed, errorCode: ERRORS[error.errorName].code });
    }
    const refused = outcome.credentials.find((credential) => credential.errorCode !== 0);
    const operationIds = outcome.credentials.flatMap((credential) =>
      credential.operationId ? [credential.operationId] : [],
    );
    const state = operationIds.length > 0 ? RevokeState.pending : refused ? RevokeState.failed : RevokeState.done;
    await settleItem(
      this.db,
      item.id,
      {
        state,
        removed: outcome.ekeyCount,
        atLock: operationIds.length,
        kept: outcome.keptAdminKeys,
        errorCode: refused?.errorCode ?? 0,
        operationIds,
      },
      this.checkMs,
    );
  }

  /** A pending item ends when every deletion it started has: done, or failed with the lock's reason. */
  private async check(item: ClaimedItem): Promise<void> {
    const states = await operationStates(this.db, item.operationIds);
    const ended = item.operationIds.map((id) => states.get(id));
    // An operation gone with its lock (deleted meanwhile) has nothing left to confirm.
    if (ended.some((op) => op && !isEnded(op.state))) {
      return settleItem(this.db, item.id, { state: RevokeState.pending }, this.checkMs);
    }
    const failed = ended.find((op) => op && ENDED_BADLY.includes(op.state));
    // A start refused for another credential of the lock stays a failure.
    const errorName = failed ? (errorNameOf(failed.error) ?? 'operationFailed') : undefined;
    await settleItem(this.db, item.id, {
      state: failed || item.errorCode !== 0 ? RevokeState.failed : RevokeState.done,
      errorCode: item.errorCode || (errorName ? ERRORS[errorName].code : 0),
      operationError: failed ? (failed.error ?? 'failed') : null,
    });
  }
}

const isEnded = (state: number) => state === RemoteOperationState.success || ENDED_BADLY.includes(state);
