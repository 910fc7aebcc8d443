import { type Locale, RECORD_COUNT_CAP, RECORD_SEARCH_COUNT_CAP, type UploadedRecord } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { managedLock } from '../lock/lockAccess';
import type { ExportRequest, LockRecordExports } from './lockRecordExport';
import type { LockRecordIntake, StoredRecords } from './lockRecordIntake';
import { presentRecordPage } from './lockRecordPresenter';
import { listRecordRows, type RecordListQuery } from './lockRecordQueries';
import { uploaderLock } from './lockRecordUploader';

/**
 * Lock records (docs/records.md): read by those who manage the lock, uploaded by them and by
 * the lock's eKey holders, exported by the owner.
 */
export class LockRecordService {
  constructor(
    private readonly db: Db,
    private readonly intake: LockRecordIntake,
    private readonly exports: LockRecordExports,
    /** The list's exact-count cap (RECORD_COUNT_CAP, RECORD_SEARCH_COUNT_CAP when searching). */
    private readonly countCap?: number,
  ) {}

  /** One page of a lock's records, newest first, for one who manages the lock. */
  async list(userId: number, query: RecordListQuery) {
    await managedLock(this.db, userId, query.lockId);
    const countCap = this.countCap ?? (query.searchStr ? RECORD_SEARCH_COUNT_CAP : RECORD_COUNT_CAP);
    return presentRecordPage(query, await listRecordRows(this.db, query, countCap), countCap);
  }

  /** Records the app read from the lock over Bluetooth, uploaded by a manager or an eKey holder. */
  async upload(userId: number, lockId: number, records: UploadedRecord[]): Promise<StoredRecords> {
    const lock = await uploaderLock(this.db, userId, lockId);
    return this.intake.store(lock, records);
  }

  /** An export of the owner's locks' records, prepared for download. */
  async exportRecords(userId: number, request: ExportRequest, locale: Locale) {
    return this.exports.prepare(userId, request, locale);
  }
}
