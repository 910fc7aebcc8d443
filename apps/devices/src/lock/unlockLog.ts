import { type UploadedRecord, uploadedRecord } from '@smartlock/contract';
import { z } from 'zod';

/** How many records a lock keeps while none can be uploaded (a real lock's memory; the oldest go first). */
export const LOG_CAPACITY = 10_000;

export const unlockLogSnapshotSchema = z.object({
  /** The number the next record gets. */
  nextRecordId: z.number().int().positive(),
  /** Records the cloud has not acknowledged yet, oldest first. */
  unsent: z.array(uploadedRecord),
});
export type UnlockLogSnapshot = z.infer<typeof unlockLogSnapshotSchema>;

export type NewRecord = Omit<UploadedRecord, 'recordId'>;

/**
 * A lock's log of operations. Each entry gets the lock's own increasing number; entries stay
 * until the gateway has delivered them (the broker acknowledged the upload).
 */
export class UnlockLog {
  private nextRecordId: number;
  private readonly unsent: UploadedRecord[];

  constructor(snapshot: UnlockLogSnapshot = { nextRecordId: 1, unsent: [] }) {
    this.nextRecordId = snapshot.nextRecordId;
    this.unsent = snapshot.unsent.map((record) => ({ ...record }));
  }

  append(entry: NewRecord): UploadedRecord {
    const record = { ...entry, recordId: String(this.nextRecordId++) };
    this.unsent.push(record);
    if (this.unsent.length > LOG_CAPACITY) this.unsent.splice(0, this.unsent.length - LOG_CAPACITY);
    return record;
  }

  get unsentCount(): number {
    return this.unsent.length;
  }

  /** The oldest records not yet delivered, at most `max`. */
  oldestUnsent(max: number): UploadedRecord[] {
    return this.unsent.slice(0, max).map((record) => ({ ...record }));
  }

  /** Forgets delivered records; returns how many it forgot. */
  acknowledge(recordIds: Iterable<string>): number {
    const delivered = new Set(recordIds);
    const before = this.unsent.length;
    for (let i = this.unsent.length - 1; i >= 0; i--) {
      const record = this.unsent[i];
      if (record && delivered.has(record.recordId)) this.unsent.splice(i, 1);
    }
    return before - this.unsent.length;
  }

  snapshot(): UnlockLogSnapshot {
    return { nextRecordId: this.nextRecordId, unsent: this.unsent.map((record) => ({ ...record })) };
  }
}
