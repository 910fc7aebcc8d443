import { randomUUID } from 'node:crypto';
import {
  type Command,
  DEVICE_PROTOCOL_VERSION,
  gatewayTopics,
  NO_RETRY_ERRORS,
  type Progress,
  type RemoteOperation,
  type RemoteOperationName,
  RemoteOperationState,
  type Reply,
  signMessage,
} from '@smartlock/contract';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { remoteOperations, users } from '../../db/schema';
import type { GatewaySecrets } from '../../devices/gatewaySecrets';
import { ApiError } from '../../http/apiError';
import type { LiveHub } from '../../live/liveHub';
import type { OperationEnd } from '../../ops/metrics';
import { reachingGateway } from '../gateway/gatewayReach';
import type { LockRow } from '../lock/lockAccess';
import { managedLock } from '../lock/lockAccess';
import { checkedParams, type OperationRequest, planOperation } from './commandPlan';
import { applyCredentialOutcome } from './credentialOutcome';
import { operableLock } from './operableLock';
import { applyResult, checkedResult, type LockChange, presentedResult } from '../lock/lockReportedState';
import { type OperationRow, presentOperation } from './remoteOperationPresenter';

const OPEN = [RemoteOperationState.operating, RemoteOperationState.wait];

/** Publishes a command to a gateway (the device link). */
export interface CommandChannel {
  publish(topic: string, message: unknown, options: { expirySeconds?: number }): Promise<void>;
}

/**
 * Remote operations: the command goes to the best online gateway reaching the lock, signed
 * with that gateway's secret and carrying its deadline; the operation then ends exactly once —
 * by the gateway's reply, by the gateway going offline, or by its deadline passing (here, or in
 * whichever server instance sweeps first).
 */
export class RemoteOperationService {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly secrets: GatewaySecrets,
    private readonly live: LiveHub,
    private readonly channel: () => CommandChannel | undefined,
    private readonly timeoutMs: number,
    /** Told of every operation that ends (the metrics). */
    private readonly onEnded: (end: OperationEnd) => void = () => {},
  ) {}

  /**
   * Starts an operation. `options.lock` is a lock the caller's domain has already checked the
   * caller may operate (credential managers); otherwise the caller must manage the lock, or, to
   * unlock, hold an eKey that allows remote unlock. `options.prepare` runs in the transaction that
   * records the operation (a credential's status changes with it, or not at all).
   */
  async start(
    userId: number,
    lockId: number,
    request: Omit<OperationRequest, 'operator'>,
    options: { lock?: LockRow; prepare?: (tx: Executor, operationId: string) => Promise<void> } = {},
  ): Promise<RemoteOperation> {
    const lock = options.lock ?? (await operableLock(this.db, userId, lockId, request.name));
    const plan = planOperation(lock, { ...request, operator: await this.accountOf(userId) });
    const params = checkedParams(plan);
    const gateway = await reachingGateway(this.db, lock);
    const secret = gateway && (await this.secrets.secretOf(gateway.gatewayId));
    const channel = this.channel();
    if (!gateway || !secret || !channel) throw new ApiError('lockNotConnectedToGateway');

    const issuedAt = Date.now();
    const deadline = issuedAt + this.timeoutMs;
    const id = randomUUID();
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(remoteOperations)
        .values({
          id,
          lockId: lock.id,
          gatewayId: gateway.gatewayId,
          userId,
          name: request.name,
          command: plan.command,
          params,
          state: RemoteOperationState.operating,
          createdAt: new Date(issuedAt),
          deadline: new Date(deadline),
        })
        .returning();
      await options.prepare?.(tx, id);
      return inserted;
    });
    if (!row) throw new Error('operation insert returned nothing');
    const command: Command = {
      v: DEVICE_PROTOCOL_VERSION,
      id: row.id,
      name: plan.command,
      lockMac: lock.mac,
      params,
      issuedAt,
      deadline,
    };
    this.endAtDeadline(row.id, deadline);
    try {
      await channel.publish(gatewayTopics(gateway.gatewayId).commands, await signMessage(command, secret), {
        expirySeconds: (deadline - Date.now()) / 1000,
      });
    } catch {
      return presentOperation((await this.finish(row.id, 'linkDown')) ?? row);
    }
    const presented = presentOperation(row);
    await this.live.publish(userId, 'operation', presented);
    return presented;
  }

  /**
   * A setting that is the cloud's own (no command to send): saved now, and answered as an
   * operation that has already succeeded, like every other setting. `options.lock`: a lock the
   * caller's domain has already checked the caller may operate (else the caller must manage it).
   */
  async completeInCloud(
    userId: number,
    lockId: number,
    name: RemoteOperationName,
    result: Record<string, unknown>,
    save: (tx: Executor) => Promise<unknown>,
    options: { lock?: LockRow } = {},
  ): Promise<RemoteOperation> {
    if (!options.lock) await managedLock(this.db, userId, lockId);
    const row = await this.db.transaction(async (tx) => {
      await save(tx);
      const now = new Date();
      const [inserted] = await tx
        .insert(remoteOperations)
        .values({
          id: randomUUID(),
          lockId,
          userId,
          name,
          command: 'cloud',
          params: result,
          state: RemoteOperationState.success,
          result,
          createdAt: now,
          deadline: now,
          finishedAt: now,
        })
        .returning();
      return inserted;
    });
    if (!row) throw new Error('operation insert returned nothing');
    await this.announce(row);
    return presentOperation(row);
  }

  /** The caller's own operation (or one on a lock the caller manages). */
  async get(userId: number, operationId: string): Promise<RemoteOperation> {
    const [row] = await this.db.select().from(remoteOperations).where(eq(remoteOperations.id, operationId));
    if (!row) throw new ApiError('notFound', {}, 'no such operation');
    if (row.userId !== userId) await managedLock(this.db, userId, row.lockId);
    return presentOperation(row);
  }

  /** Waits for an operation to end (its row is the truth, whichever instance ends it). */
  async waitForEnd(operationId: string, timeoutMs: number): Promise<RemoteOperation> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await this.db.select().from(remoteOperations).where(eq(remoteOperations.id, operationId));
      if (!row) throw new ApiError('notFound', {}, 'no such operation');
      if (!(OPEN as number[]).includes(row.state) || Date.now() > deadline) return presentOperation(row);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A gateway's reply; only the gateway the command went to can end it. */
  async onReply(gatewayId: number, reply: Reply): Promise<void> {
    const [row] = await this.db
      .select()
      .from(remoteOperations)
      .where(and(eq(remoteOperations.id, reply.id), eq(remoteOperations.gatewayId, gatewayId)));
    if (!row) return;
    if (!reply.ok) {
      await this.finish(row.id, reply.error ?? 'rejected');
      return;
    }
    const result = checkedResult(row.command, reply.result);
    if (!result) {
      await this.finish(row.id, 'malformed');
      return;
    }
    await this.finish(row.id, undefined, presentedResult(row.command, result, Date.now()), { result, at: reply.at });
  }

  async onProgress(gatewayId: number, progress: Progress): Promise<void> {
    const state = progress.stage === 'wait' ? RemoteOperationState.wait : RemoteOperationState.operating;
    const rows = await this.db
      .update(remoteOperations)
      .set({ state })
      .where(
        and(
          eq(remoteOperations.id, progress.id),
          eq(remoteOperations.gatewayId, gatewayId),
          inArray(remoteOperations.state, OPEN),
          sql`${remoteOperations.state} <> ${state}`,
        ),
      )
      .returning();
    for (const row of rows) await this.announce(row);
  }

  /** A gateway went offline: what it was doing fails now rather than at the deadline. */
  async onGatewayOffline(gatewayId: number): Promise<void> {
    const open = await this.db
      .select({ id: remoteOperations.id })
      .from(remoteOperations)
      .where(and(eq(remoteOperations.gatewayId, gatewayId), inArray(remoteOperations.state, OPEN)));
    for (const { id } of open) await this.finish(id, 'gatewayOffline');
  }

  /** Ends operations whose deadline passed (also those another, stopped, instance started). */
  async sweep(graceMs = 1000): Promise<void> {
    const late = await this.db
      .select({ id: remoteOperations.id })
      .from(remoteOperations)
      .where(and(inArray(remoteOperations.state, OPEN), lt(remoteOperations.deadline, new Date(Date.now() - graceMs))));
    for (const { id } of late) await this.finish(id, 'timeout');
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private endAtDeadline(id: string, deadline: number): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.finish(id, 'timeout').catch(() => {});
      },
      Math.max(0, deadline - Date.now()) + 250,
    );
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * Ends an open operation once: success with its result, or failed / no retry with the reason.
   * The lock's confirmed state is kept in the same transaction. Returns the ended row, or
   * undefined when it had already ended.
   */
  private async finish(
    id: string,
    error: string | undefined,
    shown?: Record<string, unknown>,
    confirmed?: { result: Record<string, unknown>; at: unknown },
  ): Promise<OperationRow | undefined> {
    const result = confirmed?.result;
    const ending = error === undefined ? 'success' : NO_RETRY_ERRORS.has(error) ? 'noRetry' : 'failed';
    const state = RemoteOperationState[ending];
    const outcome = await this.db.transaction(async (tx) => {
      const [ended] = await tx
        .update(remoteOperations)
        .set({ state, error: error ?? null, result: shown ?? null, finishedAt: new Date() })
        .where(and(eq(remoteOperations.id, id), or(...OPEN.map((s) => eq(remoteOperations.state, s)))))
        .returning();
      if (!ended) return undefined;
      const change = confirmed
        ? await applyResult(tx, ended.lockId, ended.command, confirmed.result, { at: confirmed.at, by: 'reply' })
        : undefined;
      await applyCredentialOutcome(tx, ended, state === RemoteOperationState.success, result);
      return { ended, change };
    });
    if (!outcome) return undefined;
    this.onEnded({
      operation: outcome.ended.name,
      outcome: ending,
      reason: error ?? '',
    });
    await this.announce(outcome.ended, outcome.change);
    return outcome.ended;
  }

  private async announce(row: OperationRow, change?: LockChange): Promise<void> {
    await this.live.publish(row.userId, 'operation', presentOperation(row));
    if (change) await this.live.publish(row.userId, 'lock', change);
  }

  private async accountOf(userId: number): Promise<string> {
    const [user] = await this.db
      .select({ email: users.email, mobile: users.mobile })
      .from(users)
      .where(eq(users.id, userId));
    return user?.email ?? user?.mobile ?? '';
  }
}
