import { lockRecord } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { managedLock } from '../lock/lockAccess';
import type { RecordExports } from './recordExport';
import type { RecordIntake } from './recordIntake';
import { listRecords } from './recordQuery';
import { uploaderLock } from './recordUploader';

export interface RecordDeps {
  db: Db;
  intake: RecordIntake;
  exports: RecordExports;
  /** The list's exact-count cap (RECORD_COUNT_CAP). */
  countCap?: number;
}

/**
 * Unlock records (docs/records.md): read by those who manage the lock, uploaded by them and by
 * the lock's eKey holders, exported by the owner.
 */
export function recordRoutes({ db, intake, exports, countCap }: RecordDeps): Route[] {
  return [
    route(lockRecord.list, async (params, ctx) => {
      await managedLock(db, requireSession(ctx).userId, params.lockId);
      return listRecords(db, params, countCap);
    }),
    route(lockRecord.upload, async (params, ctx) => {
      const lock = await uploaderLock(db, requireSession(ctx).userId, params.lockId);
      return intake.store(lock, params.records);
    }),
    route(lockRecord.exportRecords, async (params, ctx) =>
      exports.prepare(requireSession(ctx).userId, params, ctx.locale),
    ),
  ];
}
