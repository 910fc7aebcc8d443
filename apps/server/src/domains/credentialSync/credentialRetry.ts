import { CardStatus, PasscodeStatus, type RemoteOperation, type RemoteOperationName } from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { findLockById } from '../lock/lockQueries';
import { deviceValidity } from '../lockCredential/deviceValidity';
import type { LockCredentialRow } from '../lockCredential/lockCredentialQueries';
import type { PasscodeRow } from '../passcode/passcodeQueries';
import { operationById } from '../remoteOperation/remoteOperationQueries';
import type { RemoteOperationService } from '../remoteOperation/remoteOperationService';
import {
  claimDueCredentials,
  claimDuePasscodes,
  failCredentialRetry,
  failPasscodeRetry,
  retriesDueOnGateway,
  startCredentialRetry,
  startPasscodeRetry,
} from './credentialSyncQueries';
import { failedSync } from './syncColumns';

export interface RetryOptions {
  /** The clock (epoch ms): what is due. Tests pass their own `now` to `sweep`. */
  now: () => number;
  /** How often each instance looks for due retries. */
  pollMs: number;
  /** Rows claimed at once, of each table. */
  batch: number;
  /** A claim is this instance's for this long; past it another instance takes it (a crash). */
  leaseMs: number;
}

export const RETRY_DEFAULTS: RetryOptions = { now: () => Date.now(), pollMs: 30_000, batch: 20, leaseMs: 120_000 };

/** The status a credential has while each operation runs, and when it fails. */
const PASSCODE_STATUS: Partial<Record<RemoteOperationName, { running: string; failed: string }>> = {
  addPasscode: { running: PasscodeStatus.adding, failed: PasscodeStatus.addFailed },
  changePasscode: { running: PasscodeStatus.updating, failed: PasscodeStatus.updateFailed },
  deletePasscode: { running: PasscodeStatus.deleting, failed: PasscodeStatus.deleteFailed },
};
const CREDENTIAL_STATUS: Partial<Record<RemoteOperationName, { running: number; failed: number }>> = {
  addCredential: { running: CardStatus.adding, failed: CardStatus.addFailed },
  changeCredential: { running: CardStatus.updating, failed: CardStatus.updateFailed },
  deleteCredential: { running: CardStatus.deleting, failed: CardStatus.deleteFailed },
  reportCardLoss: { running: CardStatus.deleting, failed: CardStatus.deleteFailed },
};

/** What a retry sends: the failed operation again, or (a credential the lock lost) the normal add from the row. */
interface Resend {
  name: RemoteOperationName;
  params: Record<string, unknown>;
  userId: number | undefined;
}

/** What one sweep did. */
export interface RetrySummary {
  claimed: number;
  /** Operations started (their end is the engine's). */
  sent: RemoteOperation[];
  /** Not sent: the gateway offline, or the lock refused before anything was sent. */
  failed: number;
}

/** Why an operation could not start, as a sync reason (an offline gateway reads as the engine says it). */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError)
    return error.errorName === 'lockNotConnectedToGateway' ? 'gatewayOffline' : error.errorName;
  return 'rejected';
}

/**
 * Sends failed credentials to their locks again (docs/stays.md, "Credentials on the lock"), in
 * every instance: each sweep claims the due ones (FOR UPDATE SKIP LOCKED) and starts the failed
 * operation again through the remote-operation engine, whose end sets the next try or clears
 * the failure. A lock's gateway coming online makes its waiting retries due at once; a
 * reconciliation's missing credentials are due at once too.
 */
export class CredentialRetry {
  private readonly options: RetryOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** What the next sweep covers: every lock, or these; undefined when none is asked for. */
  private asked: { all: boolean; lockIds: Set<number> } | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly operations: RemoteOperationService,
    private readonly log: FastifyBaseLogger,
    options: Partial<RetryOptions> = {},
  ) {
    this.options = { ...RETRY_DEFAULTS, ...options };
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.asked = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * Sweeps soon, on these locks only when given: at once, or after the sweep under way (what
   * is asked meanwhile is gathered into one sweep). A full batch sweeps again.
   */
  kick(lockIds?: number[]): void {
    if (this.stopped) return;
    const asked = this.asked ?? { all: false, lockIds: new Set<number>() };
    if (lockIds) for (const id of lockIds) asked.lockIds.add(id);
    else asked.all = true;
    this.asked = asked;
    if (!this.running) this.running = this.drain();
  }

  private async drain(): Promise<void> {
    while (this.asked && !this.stopped) {
      const asked = this.asked;
      this.asked = undefined;
      const lockIds = asked.all ? undefined : [...asked.lockIds];
      try {
        const summary = await this.sweep(this.options.now(), lockIds);
        if (summary.claimed >= this.options.batch) this.kick(lockIds);
      } catch (err) {
        this.log.warn({ err }, 'credential retries failed');
      }
    }
    this.running = undefined;
  }

  /** A gateway came online: the retries waiting on the locks it reaches are due now, and sent. */
  async onGatewayOnline(gatewayId: number): Promise<void> {
    const lockIds = await retriesDueOnGateway(this.db, gatewayId, new Date(this.options.now()));
    if (lockIds.length > 0) this.kick(lockIds);
  }

  /** Sends what is due at `now` (on these locks only, when given). */
  async sweep(now: number, lockIds?: number[]): Promise<RetrySummary> {
    const claim = { now: new Date(now), batch: this.options.batch, leaseMs: this.options.leaseMs, lockIds };
    const summary: RetrySummary = { claimed: 0, sent: [], failed: 0 };
    for (const row of await claimDuePasscodes(this.db, claim)) {
      summary.claimed += 1;
      const sent = await this.resendPasscode(row, now);
      if (sent) summary.sent.push(sent);
      else summary.failed += 1;
    }
    for (const row of await claimDueCredentials(this.db, claim)) {
      summary.claimed += 1;
      const sent = await this.resendCredential(row, now);
      if (sent) summary.sent.push(sent);
      else summary.failed += 1;
    }
    return summary;
  }

  private async resendPasscode(row: PasscodeRow, now: number): Promise<RemoteOperation | undefined> {
    const resend = await this.resendOf(row.syncOperationId, () => ({
      name: 'addPasscode',
      params: {
        passcodeId: row.id,
        code: row.code,
        ...(row.startDate ? { startDate: row.startDate.getTime() } : {}),
        ...(row.endDate ? { endDate: row.endDate.getTime() } : {}),
      },
    }));
    const status = resend && PASSCODE_STATUS[resend.name];
    return this.send(row.lockId, resend, status, {
      take: (tx, operationId) => (status ? startPasscodeRetry(tx, row.id, operationId, status.running) : false),
      fail: (reason, retried) =>
        failPasscodeRetry(this.db, row.id, {
          status: status?.failed ?? row.status,
          ...failedSync(reason ?? row.syncError ?? 'rejected', row.syncAttempts, now, retried, row.syncOperationId),
        }),
    });
  }

  private async resendCredential(row: LockCredentialRow, now: number): Promise<RemoteOperation | undefined> {
    const resend = await this.resendOf(row.syncOperationId, () => ({
      name: 'addCredential',
      params: {
        kind: row.kind,
        credentialId: row.id,
        ...deviceValidity(row),
        ...(row.value !== null ? { value: row.value } : {}),
      },
    }));
    const status = resend && CREDENTIAL_STATUS[resend.name];
    return this.send(row.lockId, resend, status, {
      take: (tx, operationId) => (status ? startCredentialRetry(tx, row.id, operationId, status.running) : false),
      fail: (reason, retried) =>
        failCredentialRetry(this.db, row.id, {
          status: status?.failed ?? row.status,
          ...failedSync(reason ?? row.syncError ?? 'rejected', row.syncAttempts, now, retried, row.syncOperationId),
        }),
    });
  }

  /** The failed operation to send again, or the add a lost credential needs; undefined when the failed one is gone. */
  private async resendOf(operationId: string | null, add: () => Omit<Resend, 'userId'>): Promise<Resend | undefined> {
    if (operationId === null) return { ...add(), userId: undefined };
    const failed = await operationById(this.db, operationId);
    return failed && { name: failed.name as RemoteOperationName, params: failed.params, userId: failed.userId };
  }

  /**
   * Starts the retry through the engine (its end is the credential's outcome, as any other).
   * One that cannot start keeps its failure, one more counted, and its next try on the schedule.
   */
  private async send(
    lockId: number,
    resend: Resend | undefined,
    status: unknown,
    row: {
      take: (tx: Executor, operationId: string) => Promise<boolean> | false;
      fail: (reason: string | undefined, retried: boolean) => Promise<void>;
    },
  ): Promise<RemoteOperation | undefined> {
    const lock = await findLockById(this.db, lockId);
    if (!resend || !status || !lock) {
      await row.fail(undefined, false);
      return undefined;
    }
    try {
      return await this.operations.start(
        resend.userId ?? lock.ownerId,
        lock.id,
        { name: resend.name, credential: resend.params },
        {
          lock,
          prepare: async (tx, operationId) => {
            if (!(await row.take(tx, operationId))) throw new ApiError('credentialBusy');
          },
        },
      );
    } catch (error) {
      if (error instanceof ApiError && error.errorName === 'credentialBusy') return undefined;
      await row.fail(reasonOf(error), true);
      return undefined;
    }
  }
}
