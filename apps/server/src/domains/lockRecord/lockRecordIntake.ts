import { LockRecordType, LockSwitch, Switch, UNLOCK_RECORD_TYPES, type UploadedRecord } from '@smartlock/contract';
import type { Db, Executor } from '../../db/client';
import type { LiveHub } from '../../live/liveHub';
import { administratorsOf, type LockRow } from '../lock/lockQueries';
import { countUnlocks, effectiveCityOf } from '../map/mapQueries';
import { accountNamesOf } from '../user/userQueries';
import { type RecordPerson, resolvePeople } from './lockRecordPeople';
import { insertNewRecords, insertUnlockNotice, intakeLockOf, type StoredRecordRow } from './lockRecordQueries';

/** What storing records needs of their lock. */
export type IntakeLock = Pick<LockRow, 'id' | 'ownerId' | 'name' | 'mac' | 'switches'>;

/**
 * What else storing a batch's records stores (the webhooks' events, the open API's record
 * callback): `store` runs in the transaction that stores the records, so what it stores exists
 * exactly when they do; `committed` runs after the commit (wakes the delivery worker).
 */
export interface StoredRecordsListener {
  store(tx: Executor, lock: IntakeLock, records: StoredRecordRow[]): Promise<void>;
  committed(): void;
}

const NO_LISTENER: StoredRecordsListener = { store: async () => undefined, committed: () => undefined };

/** What a batch came to: records stored, and records already stored before (or twice in the batch). */
export interface StoredRecords {
  stored: number;
  duplicates: number;
}

/**
 * Records a lock uploads through its gateway, or the app after reading them over Bluetooth:
 * stored once each (the lock's own record id) with who is behind each, told to the owner's
 * consoles, and, when the lock's unlock notice is on, an unlock notice for the
 * administrator — except for mechanical-key unlocks and the administrator's own unlocks.
 */
export class LockRecordIntake {
  constructor(
    private readonly db: Db,
    private readonly live: LiveHub,
    /** Told when stored records changed the public map's counts. */
    private readonly onCounted: () => void = () => undefined,
    private readonly onStored: StoredRecordsListener = NO_LISTENER,
    /** Raises the alerts the stored records call for, after the commit (awaited; it must not throw). */
    private readonly onAlerts: (lock: IntakeLock, records: StoredRecordRow[]) => Promise<void> = async () => undefined,
  ) {}

  /** A gateway's upload for one of its owner's locks (by MAC): the number of records stored. */
  async intake(ownerId: number, lockMac: string, records: UploadedRecord[]): Promise<number> {
    const lock = await intakeLockOf(this.db, ownerId, lockMac);
    if (!lock) return 0;
    return (await this.store(lock, records)).stored;
  }

  /**
   * Stores a batch of one lock's records (a gateway's or the app's upload): who is behind each
   * resolved in bulk, one INSERT … ON CONFLICT DO NOTHING for the batch (a record the lock
   * numbered before is stored once), then the owner's consoles told and unlock notices sent.
   */
  async store(lock: IntakeLock, records: UploadedRecord[]): Promise<StoredRecords> {
    const unique = [...new Map(records.map((r) => [r.recordId, r])).values()];
    if (unique.length === 0) return { stored: 0, duplicates: 0 };
    const people = await resolvePeople(this.db, lock.id, unique);
    const cityId = await effectiveCityOf(this.db, lock.id);
    // Stored and counted for the public map in one transaction: only what is new counts.
    const stored = await this.db.transaction(async (tx) => {
      const rows = await insertNewRecords(
        tx,
        unique.map((r, i) => ({
          lockId: lock.id,
          deviceRecordId: r.recordId,
          recordType: r.recordType,
          success: r.success,
          username: r.username ?? '',
          credential: r.credential ?? '',
          lockDate: new Date(r.lockTime),
          battery: r.battery ?? null,
          cityId,
          ...(people[i] as RecordPerson),
        })),
      );
      await countUnlocks(tx, lock.id, cityId, rows);
      if (rows.length > 0) await this.onStored.store(tx, lock, rows);
      return rows;
    });
    const result = { stored: stored.length, duplicates: records.length - stored.length };
    if (stored.length === 0) return result;
    this.onCounted();
    this.onStored.committed();
    await this.onAlerts(lock, stored);
    const ownerId = lock.ownerId;
    // The owner's consoles and its administrators' refresh their record lists.
    for (const userId of [ownerId, ...(await administratorsOf(this.db, lock.id))]) {
      await this.live.publish(userId, 'records', { lockId: lock.id, count: stored.length });
    }
    if (lock.switches[LockSwitch.unlockNotice] === Switch.on) {
      const admin = await accountNamesOf(this.db, ownerId);
      for (const record of stored) {
        if (!UNLOCK_RECORD_TYPES.has(record.recordType)) continue;
        if (record.recordType === LockRecordType.mechanicalKeyUnlock) continue;
        if (record.username !== '' && admin.includes(record.username)) continue;
        const notice = {
          lockId: lock.id,
          lockName: lock.name,
          recordType: record.recordType,
          username: record.username,
          at: record.lockDate.getTime(),
        };
        await insertUnlockNotice(this.db, ownerId, notice);
        await this.live.publish(ownerId, 'unlockNotice', notice);
      }
    }
    return result;
  }
}
