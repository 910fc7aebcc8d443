import type { Db, Executor } from '../../db/client';
import type { IntakeLock } from '../lockRecord/lockRecordIntake';
import type { StoredRecordRow } from '../lockRecord/lockRecordQueries';
import type { DeliveryKind } from '../webhook/deliveryKinds';
import { insertDeliveries } from '../webhook/webhookDeliveryQueries';
import { newEventId } from '../webhook/webhookEvents';
import { callbackUrlOf } from './openApiClientQueries';
import { presentRecordFields, TTLOCK_RECORDED_TYPES } from './openApiPresenter';

/** The delivery kind of record callbacks (`webhook_deliveries.kind`). */
export const RECORD_CALLBACK_KIND = 'ttlockCallback';

/**
 * New records posted to the lock owner's callback address in TTLock's form: form-encoded
 * `notifyType=1`, `lockId`, `lockMac`, `records` (a JSON list as text); the receiver answers
 * `success`. Stored as a delivery in the transaction that stores the records, and sent by the
 * delivery worker on the webhooks' schedule, so a restart loses none (docs/ttlock-compat.md).
 */
export class RecordCallbacks {
  /** `now`: the clock deliveries are due by (the worker's). */
  constructor(private readonly now: () => number = Date.now) {}

  /** Stores the callback of a batch's records, when the owner has a callback address; whether one was stored. */
  async store(db: Executor, lock: IntakeLock, rows: StoredRecordRow[]): Promise<boolean> {
    const records = rows
      .filter((row) => TTLOCK_RECORDED_TYPES.has(row.recordType))
      .map((row) => ({
        lockId: lock.id,
        recordId: row.id,
        ...presentRecordFields({
          recordType: row.recordType,
          success: row.success,
          username: row.username,
          keyboardPwd: row.credential,
          lockDate: row.lockDate.getTime(),
          serverDate: row.serverDate.getTime(),
          battery: row.battery,
        }),
      }));
    if (records.length === 0 || !(await callbackUrlOf(db, lock.ownerId))) return false;
    const body = new URLSearchParams({
      notifyType: '1',
      lockId: String(lock.id),
      lockMac: lock.mac,
      records: JSON.stringify(records),
    }).toString();
    await insertDeliveries(db, [
      {
        userId: lock.ownerId,
        endpointId: null,
        kind: RECORD_CALLBACK_KIND,
        eventId: newEventId(),
        eventType: 'notifyType1',
        body,
        nextAttemptAt: new Date(this.now()),
      },
    ]);
    return true;
  }
}

/** Sends a record callback to the owner's callback address as it is now; taken when the answer is 2xx `success`. */
export function recordCallbackKind(db: Db): DeliveryKind {
  return {
    async prepare(row) {
      const url = await callbackUrlOf(db, row.userId);
      if (!url) return { gone: 'no callback address' };
      return {
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        taken: (status, answer) => status >= 200 && status < 300 && answer.trim().toLowerCase() === 'success',
      };
    },
  };
}
