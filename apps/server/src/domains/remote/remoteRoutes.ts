import { hasFeature, lock, type RemoteOperationName, signalGradeOfRssi } from '@smartlock/contract';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gatewayLocks, gateways, locks } from '../../db/schema';
import type { CallContext } from '../../http/context';
import { containsPattern, offsetOf, pageOf } from '../../http/paging';
import { type Route, route } from '../../http/router';
import { requireSession } from '../user/userRoutes';
import type { RemoteOperationService } from './remoteOperationService';

/** The remote operation calls: unlock, lock, state, clock, car-park barrier, switches. */
export function remoteRoutes(db: Db, operations: RemoteOperationService): Route[] {
  const start = (name: RemoteOperationName) => async (params: { lockId: number }, ctx: CallContext) =>
    operations.start(requireSession(ctx).userId, params.lockId, { name });
  return [
    route(lock.unlock, start('unlock')),
    route(lock.lockBolt, start('lock')),
    route(lock.queryState, start('queryState')),
    route(lock.queryDate, start('queryDate')),
    route(lock.updateDate, start('updateDate')),
    route(lock.controlParkingLock, async (params, ctx) =>
      operations.start(requireSession(ctx).userId, params.lockId, { name: 'parkingLock', action: params.action }),
    ),
    route(lock.updateSetting, async (params, ctx) =>
      operations.start(requireSession(ctx).userId, params.lockId, {
        name: 'updateSetting',
        setting: { type: params.type, value: params.value },
      }),
    ),
    route(lock.getRemoteOperation, async (params, ctx) =>
      operations.get(requireSession(ctx).userId, params.operationId),
    ),
    route(lock.listForRemoteOperation, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const where = and(
        eq(locks.ownerId, owner),
        params.lockName ? ilike(locks.name, containsPattern(params.lockName)) : undefined,
      );
      const reached = db
        .select({
          lockId: gatewayLocks.lockId,
          online: sql<number>`max(${gateways.online})`.as('online'),
          rssi: sql<number | null>`max(case when ${gateways.online} = 1 then ${gatewayLocks.rssi} end)`.as('rssi'),
        })
        .from(gatewayLocks)
        .innerJoin(gateways, and(eq(gateways.id, gatewayLocks.gatewayId), eq(gateways.ownerId, owner)))
        .groupBy(gatewayLocks.lockId)
        .as('reached');
      const [rows, [total]] = await Promise.all([
        db
          .select({ lock: locks, online: reached.online, rssi: reached.rssi })
          .from(locks)
          .innerJoin(reached, eq(reached.lockId, locks.id))
          .where(where)
          .orderBy(asc(locks.name), asc(locks.id))
          .limit(params.pageSize)
          .offset(offsetOf(params.pageNo, params.pageSize)),
        db.select({ n: count() }).from(locks).innerJoin(reached, eq(reached.lockId, locks.id)).where(where),
      ]);
      const list = rows.map((r) => ({
        lockId: r.lock.id,
        lockName: r.lock.name,
        lockMac: r.lock.mac,
        state: r.lock.state,
        battery: r.lock.battery,
        remoteUnlock: r.lock.switches.remoteUnlock ?? 0,
        isParkingLock: hasFeature(r.lock.featureValue, 'parkingLock'),
        hasGateway: Number(r.online) === 1 ? 1 : 0,
        signalGrade: signalGradeOfRssi(r.rssi === null ? null : Number(r.rssi)),
      }));
      return pageOf(list, total?.n ?? 0, params.pageNo, params.pageSize);
    }),
  ];
}
