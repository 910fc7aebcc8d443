import type { UploadedRecord } from '@smartlock/contract';
import { describeError } from '../errors';
import type { SimulatedLock } from '../lock/lock';

/** The most records one `records` event carries (the contract's limit). */
export const MAX_RECORDS_PER_EVENT = 200;

/** How long the cloud has to say it stored a batch before the gateway sends it again. */
export const RECORD_ACK_TIMEOUT_MS = 10_000;

interface Pending {
  lock: SimulatedLock;
  recordIds: string[];
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Uploads each lock's log through the gateway: the oldest unsent records, at most 200 per
 * event, one event per lock in flight at a time (so they arrive in order). A lock forgets
 * records only once the cloud acknowledges the event carrying them — it has stored them — so
 * records sent while the cloud was down or restarting are sent again: after the timeout, and on
 * every new connection. The cloud stores a record once however often it comes.
 */
export class RecordUploader {
  /** Locks with a batch on its way (the event id once sent). */
  private readonly inFlight = new Map<string, string | undefined>();
  private readonly pending = new Map<string, Pending>();

  constructor(
    /** Publishes a batch; answers the id of the event carrying it. */
    private readonly deliver: (lockMac: string, records: UploadedRecord[]) => Promise<string>,
    private readonly log: (message: string) => void,
    private readonly ackTimeoutMs = RECORD_ACK_TIMEOUT_MS,
  ) {}

  upload(lock: SimulatedLock): void {
    if (this.inFlight.has(lock.mac)) return;
    const batch = lock.unsentRecords(MAX_RECORDS_PER_EVENT);
    if (batch.length === 0) return;
    this.inFlight.set(lock.mac, undefined);
    this.deliver(lock.mac, batch).then(
      (eventId) => {
        if (this.inFlight.get(lock.mac) !== undefined || !this.inFlight.has(lock.mac)) return;
        this.inFlight.set(lock.mac, eventId);
        const timer = setTimeout(() => this.sendAgain(eventId), this.ackTimeoutMs);
        timer.unref?.();
        this.pending.set(eventId, { lock, recordIds: batch.map((record) => record.recordId), timer });
      },
      (error: unknown) => {
        this.inFlight.delete(lock.mac);
        this.log(`records of ${lock.mac} not uploaded yet: ${describeError(error)}`);
      },
    );
  }

  /** The cloud stored the event's records: the lock forgets them and the next batch goes. */
  acknowledged(eventId: string): void {
    const pending = this.forget(eventId);
    if (!pending) return;
    pending.lock.acknowledgeRecords(pending.recordIds);
    this.upload(pending.lock);
  }

  /** Sends every lock's unacknowledged records (again): on each new connection. */
  uploadAll(locks: Iterable<SimulatedLock>): void {
    for (const eventId of [...this.pending.keys()]) this.forget(eventId);
    this.inFlight.clear();
    for (const lock of locks) this.upload(lock);
  }

  close(): void {
    for (const eventId of [...this.pending.keys()]) this.forget(eventId);
  }

  private sendAgain(eventId: string): void {
    const pending = this.forget(eventId);
    if (!pending) return;
    this.log(`records of ${pending.lock.mac} not acknowledged in time: sending them again`);
    this.upload(pending.lock);
  }

  private forget(eventId: string): Pending | undefined {
    const pending = this.pending.get(eventId);
    if (!pending) return undefined;
    clearTimeout(pending.timer);
    this.pending.delete(eventId);
    if (this.inFlight.get(pending.lock.mac) === eventId) this.inFlight.delete(pending.lock.mac);
    return pending;
  }
}
