import type { UploadedRecord } from '@smartlock/contract';
import { describeError } from '../errors';
import type { SimulatedLock } from '../lock/lock';

/** The most records one `records` event carries (the contract's limit). */
export const MAX_RECORDS_PER_EVENT = 200;

/**
 * Uploads each lock's log through the gateway: the oldest unsent records, at most 200 per
 * event, one event per lock in flight at a time (so they arrive in order). A lock forgets
 * records only once the broker has acknowledged the event carrying them (QoS 1); an upload that
 * fails is tried again on the next `uploadAll` (the gateway calls it on every connection).
 */
export class RecordUploader {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly deliver: (lockMac: string, records: UploadedRecord[]) => Promise<void>,
    private readonly log: (message: string) => void,
  ) {}

  upload(lock: SimulatedLock): void {
    if (this.inFlight.has(lock.mac)) return;
    const batch = lock.unsentRecords(MAX_RECORDS_PER_EVENT);
    if (batch.length === 0) return;
    this.inFlight.add(lock.mac);
    this.deliver(lock.mac, batch).then(
      () => {
        this.inFlight.delete(lock.mac);
        lock.acknowledgeRecords(batch.map((record) => record.recordId));
        this.upload(lock);
      },
      (error: unknown) => {
        this.inFlight.delete(lock.mac);
        this.log(`records of ${lock.mac} not uploaded yet: ${describeError(error)}`);
      },
    );
  }

  uploadAll(locks: Iterable<SimulatedLock>): void {
    for (const lock of locks) this.upload(lock);
  }
}
