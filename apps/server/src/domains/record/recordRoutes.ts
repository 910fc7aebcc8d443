import { lockRecord } from '@smartlock/contract';
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockRecords } from '../../db/schema';
import { offsetOf, pageOf } from '../../http/paging';
import { type Route, route } from '../../http/router';
import { managedLock } from '../lock/lockAccess';
import { requireSession } from '../user/userRoutes';

/** Unlock records of a lock, for those who manage it and no one else. */
export function recordRoutes(db: Db): Route[] {
  return [
    route(lockRecord.list, async (params, ctx) => {
      await managedLock(db, requireSession(ctx).userId, params.lockId);
      const where = and(
        eq(lockRecords.lockId, params.lockId),
        params.startDate !== undefined ? gte(lockRecords.lockDate, new Date(params.startDate)) : undefined,
        params.endDate !== undefined ? lte(lockRecords.lockDate, new Date(params.endDate)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(lockRecords)
          .where(where)
          .orderBy(desc(lockRecords.lockDate), desc(lockRecords.id))
          .limit(params.pageSize)
          .offset(offsetOf(params.pageNo, params.pageSize)),
        db.select({ n: count() }).from(lockRecords).where(where),
      ]);
      const list = rows.map((r) => ({
        recordId: r.id,
        lockId: r.lockId,
        recordType: r.recordType,
        success: r.success,
        username: r.username,
        keyboardPwd: r.credential,
        lockDate: r.lockDate.getTime(),
        serverDate: r.serverDate.getTime(),
      }));
      return pageOf(list, total?.n ?? 0, params.pageNo, params.pageSize);
    }),
  ];
}
