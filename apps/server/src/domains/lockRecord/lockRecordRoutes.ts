import { lockRecord } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { LockRecordService } from './lockRecordService';

/** The lock record calls: list, upload, export (lockRecordService.ts). */
export function lockRecordRoutes(records: LockRecordService): Route[] {
  return [
    route(lockRecord.list, async (params, ctx) => records.list(requireSession(ctx).userId, params)),
    route(lockRecord.upload, async (params, ctx) =>
      records.upload(requireSession(ctx).userId, params.lockId, params.records),
    ),
    route(lockRecord.exportRecords, async (params, ctx) =>
      records.exportRecords(requireSession(ctx).userId, params, ctx.locale),
    ),
  ];
}
