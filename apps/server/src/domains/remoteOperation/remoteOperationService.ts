import { randomUUID } from 'node:crypto';
import {
  type Command,
  DEVICE_PROTOCOL_VERSION,
  type DeviceCommandName,
  gatewayTopics,
  type Locale,
  LockSetting,
  NO_RETRY_ERRORS,
  type Progress,
  type RemoteOperation,
  type RemoteOperationName,
  RemoteOperationState,
  type Reply,
  signMessage,
} from '@smartlock/contract';
import type { Db, Executor } from '../../db/client';
import type { GatewaySecrets } from '../../devices/gatewaySecrets';
import { ApiError } from '../../http/apiError';
import type { LiveHub } from '../../live/liveHub';
import type { OperationEnd } from '../../ops/metrics';
import { reachingGateway } from '../gateway/gatewayQueries';
import { managedLock } from '../lock/lockAccess';
import { type LockRow, saveDaylightSavingReminder } from '../lock/lockQueries';
import { type LockChange, liveLockChange } from '../lock/lockReportedState';
import { checkedDaylightSavingReminder } from '../lock/lockSettingPlan';
import { accountNameOf } from '../user/userQueries';
import { batchUnlock } from './batchUnlock';
import { checkedParams, checkedResult, type OperationRequest, planOperation, usesOperator } from './commandPlan';
import { operableLock } from './operableLock';
import { checkedOperationOutcomes, type OperationOutcomes } from './operationOutcomes';
import { presentedResult, presentOperation } from './remoteOperationPresenter';
import {
  advanceOpenOperation,
  endOpenOperation,
  insertOperation,
  lateOperations,
  listForRemoteOperation,
  OPEN_STATES,
  type OperationRow,
  openOperationsOf,
  operationById,
} from './remoteOperationQueries';

const isOpen = (row: OperationRow) => (OPEN_STATES as number[]).includes(row.state);

/** An operation this instance sent and has not seen end: what its reply is checked against. */
interface Pending {
  gatewayId: number;
  command: string;
  /** Ends it at its deadline. */
  timer: NodeJS.Timeout;
}

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
  /** Operations sent from here, by id, until they end (here) or their deadline passes. */
  private readonly pending = new Map<string, Pending>();
  private readonly outcomes: OperationOutcomes;

  constructor(
    private readonly db: Db,
    private readonly secrets: GatewaySecrets,
    private readonly live: LiveHub,
    private readonly channel: () => CommandChannel | undefined,
    private readonly timeoutMs: number,
    /** How each command's operation ends, from the domain it is for (checked here, at start-up). */
    outcomes: OperationOutcomes,
    /** Told of every operation that ends (the metrics). */
    private readonly onEnded: (end: OperationEnd) => void = () => {},
    /** Told of every operation that ends, with the lock's change, once committed (webhooks). */
    private readonly onEndedRow?: (row: OperationRow, change: LockChange | undefined) => Promise<void>,
  ) {
    this.outcomes = checkedOperationOutcomes(outcomes);
  }

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
    const operator = usesOperator(request.name) ? await accountNameOf(this.db, userId) : '';
    const plan = planOperation(lock, { ...request, operator });
    const params = checkedParams(plan);
    const gateway = await reachingGateway(this.db, lock);
    const secret = gateway && (await this.secrets.secretOf(gateway.gatewayId));
    const channel = this.channel();
    if (!gateway || !secret || !channel) throw new ApiError('lockNotConnectedToGateway');

    const issuedAt = Date.now();
    const deadline = issuedAt + this.timeoutMs;
    const id = randomUUID();
    const values = {
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
    };
    // One statement needs no transaction; with `prepare` both commit together or neither does.
    const { prepare } = options;
    const row = prepare
      ? await this.db.transaction(async (tx) => {
          const inserted = await insertOperation(tx, values);
          await prepare(tx, id);
          return inserted;
        })
      : await insertOperation(this.db, values);
    const command: Command = {
      v: DEVICE_PROTOCOL_VERSION,
      id: row.id,
      name: plan.command,
      lockMac: lock.mac,
      params,
      issuedAt,
      deadline,
    };
    this.track(row.id, gateway.gatewayId, plan.command, deadline);
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
      return insertOperation(tx, {
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
      });
    });
    await this.announce(row);
    return presentOperation(row);
  }

  /**
   * A switch, the hotel room status (commands to the lock, lock/lockSettingPlan.ts) or the
   * daylight-saving reminder, which is the cloud's own setting (saved at once).
   */
  async updateSetting(
    userId: number,
    lockId: number,
    setting: { lockId: number; type: string; value: number },
  ): Promise<RemoteOperation> {
    if (setting.type === LockSetting.daylightSavingReminder) {
      const value = checkedDaylightSavingReminder(setting.value);
      return this.completeInCloud(userId, lockId, 'updateSetting', setting, (tx) =>
        saveDaylightSavingReminder(tx, lockId, value),
      );
    }
    return this.start(userId, lockId, { name: 'updateSetting', setting: { type: setting.type, value: setting.value } });
  }

  /** The locks the caller manages that a gateway reaches, for remote operations. */
  async listLocks(userId: number, params: { pageNo: number; pageSize: number; lockName?: string | undefined }) {
    return listForRemoteOperation(this.db, userId, params);
  }

  /** Batch unlock of the caller's own locks, each answering on its own (batchUnlock.ts). */
  async batchUnlock(userId: number, lockIds: number[], locale: Locale) {
    return batchUnlock(this.db, this, userId, lockIds, locale);
  }

  /** The caller's own operation (or one on a lock the caller manages). */
  async get(userId: number, operationId: string): Promise<RemoteOperation> {
    const row = await operationById(this.db, operationId);
    if (!row) throw new ApiError('notFound', {}, 'no such operation');
    if (row.userId !== userId) await managedLock(this.db, userId, row.lockId);
    return presentOperation(row);
  }

  /** Waits for an operation to end (its row is the truth, whichever instance ends it). */
  async waitForEnd(operationId: string, timeoutMs: number): Promise<RemoteOperation> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await operationById(this.db, operationId);
      if (!row) throw new ApiError('notFound', {}, 'no such operation');
      if (!isOpen(row) || Date.now() > deadline) return presentOperation(row);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * A gateway's reply; only the gateway the command went to can end it. An operation sent from
   * here is known without reading it back; one another instance sent is read from the database.
   */
  async onReply(gatewayId: number, reply: Reply): Promise<void> {
    const sent = this.pending.get(reply.id) ?? (await operationById(this.db, reply.id, gatewayId));
    if (!sent || sent.gatewayId !== gatewayId) return;
    if (!reply.ok) {
      await this.finish(reply.id, reply.error ?? 'rejected');
      return;
    }
    const result = checkedResult(sent.command, reply.result);
    if (!result) {
      await this.finish(reply.id, 'malformed');
      return;
    }
    await this.finish(reply.id, undefined, presentedResult(sent.command, result, Date.now()), {
      result,
      at: reply.at,
    });
  }

  async onProgress(gatewayId: number, progress: Progress): Promise<void> {
    const state = progress.stage === 'wait' ? RemoteOperationState.wait : RemoteOperationState.operating;
    const rows = await advanceOpenOperation(this.db, progress.id, gatewayId, state);
    for (const row of rows) await this.announce(row);
  }

  /** A gateway went offline: what it was doing fails now rather than at the deadline. */
  async onGatewayOffline(gatewayId: number): Promise<void> {
    const open = await openOperationsOf(this.db, gatewayId);
    for (const { id } of open) await this.finish(id, 'gatewayOffline');
  }

  /** Ends operations whose deadline passed (also those another, stopped, instance started). */
  async sweep(graceMs = 1000): Promise<void> {
    const late = await lateOperations(this.db, new Date(Date.now() - graceMs));
    for (const { id } of late) await this.finish(id, 'timeout');
  }

  close(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  /**
   * Remembers an operation sent from here until it ends, and ends it at its deadline. Its reply
   * may reach another instance (the gateways' events are shared between them), which ends it
   * there: then one read says so, rather than a transaction that changes nothing.
   */
  private track(id: string, gatewayId: number, command: string, deadline: number): void {
    const timer = setTimeout(
      () => {
        this.pending.delete(id);
        operationById(this.db, id)
          .then((row) => (row && isOpen(row) ? this.finish(id, 'timeout') : undefined))
          .catch(() => {});
      },
      Math.max(0, deadline - Date.now()) + 250,
    );
    timer.unref();
    this.pending.set(id, { gatewayId, command, timer });
  }

  /**
   * Ends an open operation once: success with its result, or failed / no retry with the reason.
   * The command's outcome (the domain it was for: the lock's confirmed state, a passcode's or a
   * credential's status...) is applied in the same transaction. Returns the ended row, or
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
      const ended = await endOpenOperation(tx, id, { state, error: error ?? null, result: shown ?? null });
      if (!ended) return undefined;
      const outcome = this.outcomes[ended.command as DeviceCommandName];
      const change = await outcome?.(tx, ended, state === RemoteOperationState.success, result, confirmed?.at);
      return { ended, change: change ?? undefined };
    });
    // Ended, here or elsewhere: no deadline to keep.
    const pending = this.pending.get(id);
    if (pending) {
      clearTimeout(pending.timer);
      this.pending.delete(id);
    }
    if (!outcome) return undefined;
    this.onEnded({
      operation: outcome.ended.name,
      outcome: ending,
      reason: error ?? '',
    });
    await this.announce(outcome.ended, outcome.change);
    await this.onEndedRow?.(outcome.ended, outcome.change);
    return outcome.ended;
  }

  private async announce(row: OperationRow, change?: LockChange): Promise<void> {
    await this.live.publish(row.userId, 'operation', presentOperation(row));
    if (change) await this.live.publish(row.userId, 'lock', liveLockChange(change));
  }
}
