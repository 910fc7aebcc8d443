import { hasFeature, signalGradeOfRssi } from '@smartlock/contract';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { gatewayLocks, gateways, locks } from '../../db/schema';
import { containsPattern, offsetOf, pageOf } from '../../http/paging';
import { managedLockCondition } from '../lock/lockAccess';

const reachedLock = alias(locks, 'reached_lock');

/**
 * The locks the caller manages (owns or administers) that their owner's gateways reach, for
 * remote operations: bolt, battery, the remote-unlock switch, and whether an online gateway
 * reaches each (with the best signal among them). Every lock listed is bound to a gateway
 * (hasGateway 1); only those with an online one (hasOnlineGateway 1) can be operated now.
 */
export async function listForRemoteOperation(
  db: Db,
  userId: number,
  params: { pageNo: number; pageSize: number; lockName?: string | undefined },
) {
  const where = and(
    managedLockCondition(userId),
    params.lockName ? ilike(locks.name, containsPattern(params.lockName)) : undefined,
  );
  const reached = db
    .select({
      lockId: gatewayLocks.lockId,
      online: sql<number>`max(${gateways.online})`.as('online'),
      rssi: sql<number | null>`max(case when ${gateways.online} = 1 then ${gatewayLocks.rssi} end)`.as('rssi'),
    })
    .from(gatewayLocks)
    .innerJoin(reachedLock, eq(reachedLock.id, gatewayLocks.lockId))
    .innerJoin(gateways, and(eq(gateways.id, gatewayLocks.gatewayId), eq(gateways.ownerId, reachedLock.ownerId)))
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
    hasGateway: 1,
    hasOnlineGateway: Number(r.online) === 1 ? 1 : 0,
    signalGrade: Number(r.online) === 1 ? signalGradeOfRssi(r.rssi === null ? null : Number(r.rssi)) : 0,
  }));
  return pageOf(list, total?.n ?? 0, params.pageNo, params.pageSize);
}
