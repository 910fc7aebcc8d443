import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { IntakeLock } from '../lockRecord/lockRecordIntake';
import type { StoredRecordRow } from '../lockRecord/lockRecordQueries';
import { callbackUrlOf } from './openApiClientQueries';
import { presentRecordFields, TTLOCK_RECORDED_TYPES } from './openApiPresenter';

/** How record callbacks are delivered: tries, the wait before the second (multiplied each time), each try's time limit. */
export interface CallbackDelivery {
  attempts: number;
  firstDelayMs: number;
  backoffFactor: number;
  timeoutMs: number;
  /** Deliveries under way at once, at most; beyond it a batch is dropped (and logged). */
  maxPending: number;
}

export const CALLBACK_DELIVERY: CallbackDelivery = {
  attempts: 5,
  firstDelayMs: 1000,
  backoffFactor: 4,
  timeoutMs: 10_000,
  maxPending: 1000,
};

/** The longest receiver answer read (TTLock's receivers answer "success"). */
const ANSWER_MAX = 1024;

/** The start of an answer's body, read no further than ANSWER_MAX bytes. */
async function boundedText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < ANSWER_MAX) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, ANSWER_MAX).toString('utf8');
}

/**
 * New records posted to the lock owner's callback address in TTLock's form: form-encoded
 * `notifyType=1`, `lockId`, `lockMac`, `records` (a JSON list as text); the receiver answers
 * `success`. Started after intake has stored the records and never awaited by it; a failed try
 * (no answer in time, another answer) is tried again with growing waits, a bounded number of
 * times. Deliveries live in this process: a restart drops those still retrying
 * (docs/ttlock-compat.md).
 */
export class RecordCallbacks {
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly delivery: CallbackDelivery = CALLBACK_DELIVERY,
  ) {}

  /** Intake's listener: returns at once. */
  notify(lock: IntakeLock, rows: StoredRecordRow[]): void {
    if (this.closed) return;
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
    if (records.length === 0) return;
    if (this.pending.size >= this.delivery.maxPending) {
      this.log.warn(
        { lockId: lock.id, count: records.length },
        'record callback dropped: too many deliveries under way',
      );
      return;
    }
    const delivery = this.deliver(lock, records)
      .catch((err) => this.log.warn({ err, lockId: lock.id }, 'record callback failed'))
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  private async deliver(lock: IntakeLock, records: object[]): Promise<void> {
    const url = await callbackUrlOf(this.db, lock.ownerId);
    if (!url) return;
    const body = new URLSearchParams({
      notifyType: '1',
      lockId: String(lock.id),
      lockMac: lock.mac,
      records: JSON.stringify(records),
    }).toString();
    let wait = this.delivery.firstDelayMs;
    for (let attempt = 1; attempt <= this.delivery.attempts && !this.closed; attempt += 1) {
      if (await this.tryOnce(url, body)) return;
      if (attempt < this.delivery.attempts) {
        await this.sleep(wait);
        wait *= this.delivery.backoffFactor;
      }
    }
    this.log.warn({ lockId: lock.id, attempts: this.delivery.attempts }, 'record callback given up');
  }

  /** One try: delivered when the receiver answers 2xx with `success`. */
  private async tryOnce(url: string, body: string): Promise<boolean> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.delivery.timeoutMs),
      });
      const answer = (await boundedText(response)).trim();
      return response.ok && answer.toLowerCase() === 'success';
    } catch {
      return false;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  /** Stops retrying and waits for tries under way (each bounded by its time limit). */
  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.timers) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    this.timers.clear();
    await Promise.all([...this.pending]);
  }

  /** Deliveries under way (for tests and the shutdown). */
  get underWay(): number {
    return this.pending.size;
  }
}
