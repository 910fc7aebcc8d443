import { RemoteOperationState } from '@smartlock/contract';
import type { Db, Executor } from '../../db/client';
import type { AlertRow } from '../alert/alertQueries';
import { findLockById } from '../lock/lockQueries';
import type { LockChange } from '../lock/lockReportedState';
import type { IntakeLock } from '../lockRecord/lockRecordIntake';
import type { StoredRecordRow } from '../lockRecord/lockRecordQueries';
import type { OperationRow } from '../remoteOperation/remoteOperationQueries';
import type { WebhookEvents } from './webhookEvents';

/** Below this battery level (percent) a lock's battery is low: lock.batteryLow when a report crosses it. */
export const BATTERY_LOW_PERCENT = 20;
/** Records in one lock.unlockRecord event at most; a larger batch makes more events. */
export const RECORDS_PER_EVENT = 100;

const OPERATION_ENDINGS: Record<number, string> = {
  [RemoteOperationState.success]: 'success',
  [RemoteOperationState.failed]: 'failed',
  [RemoteOperationState.noRetry]: 'noRetry',
};

/** A stored record as webhooks tell it (never the passcode or card number itself). */
export function webhookRecord(row: StoredRecordRow) {
  return {
    recordId: row.id,
    deviceRecordId: row.deviceRecordId,
    recordType: row.recordType,
    success: row.success,
    username: row.username,
    person: row.person,
    credentialKind: row.credentialKind,
    lockDate: row.lockDate.getTime(),
    serverDate: row.serverDate.getTime(),
    battery: row.battery,
  };
}

/**
 * Where the product learns of what webhooks tell (docs/integrations.md, "Events"), turned into
 * events for the account that owns the lock or gateway: each called once the change committed
 * (records: inside the transaction that stores them).
 */
export class WebhookEmitters {
  constructor(
    private readonly db: Db,
    private readonly events: WebhookEvents,
    /** The device commands that set or remove a credential in a lock. */
    private readonly credentialCommands: ReadonlySet<string>,
  ) {}

  /** A batch of one lock's records stored (in the intake's transaction): events of up to RECORDS_PER_EVENT records. */
  async recordsStored(tx: Executor, lock: IntakeLock, rows: StoredRecordRow[]): Promise<number> {
    let stored = 0;
    for (let from = 0; from < rows.length; from += RECORDS_PER_EVENT) {
      stored += await this.events.store(tx, lock.ownerId, 'lock.unlockRecord', {
        lockId: lock.id,
        lockMac: lock.mac,
        lockName: lock.name,
        records: rows.slice(from, from + RECORDS_PER_EVENT).map(webhookRecord),
      });
    }
    return stored;
  }

  /** Wakes the worker after a transaction that stored events committed. */
  kick(): void {
    this.events.kick();
  }

  /** A lock reported a state (a gateway's event, or a command's reply): a change of bolt, a battery running low. */
  async lockChanged(ownerId: number, change: LockChange): Promise<void> {
    const was = change.was;
    if (!was) return;
    if (was.state !== change.state) {
      await this.events.emit(ownerId, 'lock.state', {
        lockId: change.lockId,
        state: change.state,
        previousState: was.state,
        battery: change.battery,
      });
    }
    if (was.battery >= BATTERY_LOW_PERCENT && change.battery < BATTERY_LOW_PERCENT) {
      await this.events.emit(ownerId, 'lock.batteryLow', {
        lockId: change.lockId,
        battery: change.battery,
        threshold: BATTERY_LOW_PERCENT,
      });
    }
  }

  /** A gateway came online or went offline (a change only). */
  async gatewayChanged(ownerId: number, gatewayId: number, online: boolean, wasOnline: boolean): Promise<void> {
    if (online === wasOnline) return;
    await this.events.emit(ownerId, online ? 'gateway.online' : 'gateway.offline', { gatewayId });
  }

  /** An alert was raised (docs/governance.md, Alerts): its kind, lock or gateway, and what raised it. */
  async alertRaised(alert: AlertRow): Promise<void> {
    await this.events.emit(alert.ownerId, 'alert.raised', {
      alertId: alert.id,
      kind: alert.kind,
      lockId: alert.lockId,
      gatewayId: alert.gatewayId,
      details: alert.details,
      raisedAt: alert.raisedAt.getTime(),
    });
  }

  /** A remote operation ended: its result, a credential set or failed, and the lock's change. */
  async operationEnded(row: OperationRow, change: LockChange | undefined): Promise<void> {
    const lock = await findLockById(this.db, row.lockId).catch(() => undefined);
    if (!lock) return;
    const outcome = OPERATION_ENDINGS[row.state] ?? 'failed';
    const data = {
      operationId: row.id,
      lockId: row.lockId,
      operation: row.name,
      command: row.command,
      outcome,
      error: row.error,
      byUserId: row.userId,
      finishedAt: row.finishedAt?.getTime() ?? null,
    };
    await this.events.emit(lock.ownerId, 'remoteOperation.result', data);
    if (this.credentialCommands.has(row.command)) {
      await this.events.emit(lock.ownerId, outcome === 'success' ? 'credential.set' : 'credential.failed', {
        ...data,
        params: credentialParams(row.params),
      });
    }
    if (change) await this.lockChanged(lock.ownerId, change);
  }
}

/** What a credential command named (its kind and ids), never the secret it carried (a passcode, a card number). */
function credentialParams(params: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (/(Id|Ids|^kind|Kind|^type|Type|Date|^start|^end)$/.test(key)) {
      kept[key] = value;
    }
  }
  return kept;
}
