import { type GatewayStatus, hasFeature, signalGradeOfRssi } from '@smartlock/contract';
import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pageAndCount, preparedStatement, preparedWithSearch } from '../../db/prepared';
import { cities, gatewayLocks, gateways, locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import { lockSubsetCondition } from '../lock/lockQueries';
import { outsideLockSubset } from '../lock/lockSubset';

/** Whether the account has a gateway (online or offline), and whether one is online now (user info). */
export async function gatewayPresence(
  db: Executor,
  ownerId: number,
): Promise<{ hasGateway: 0 | 1; hasOnlineGateway: 0 | 1 }> {
  const [row] = await db
    .select({ total: count(), online: sql<number>`count(*) filter (where ${gateways.online} = 1)` })
    .from(gateways)
    .where(eq(gateways.ownerId, ownerId));
  return {
    hasGateway: Number(row?.total ?? 0) > 0 ? 1 : 0,
    hasOnlineGateway: Number(row?.online ?? 0) > 0 ? 1 : 0,
  };
}

/** The gateway if it is the caller's, else "no permission" (also when it does not exist). */
export async function ownedGateway(db: Executor, ownerId: number, gatewayId: number) {
  const [row] = await gatewayOfOwner(db).execute({ gatewayId, ownerId });
  if (!row) throw new ApiError('noPermission', {}, 'not a gateway of this account');
  return row;
}

const gatewayOfOwner = preparedStatement((db) =>
  db
    .select()
    .from(gateways)
    .where(and(eq(gateways.id, sql.placeholder('gatewayId')), eq(gateways.ownerId, sql.placeholder('ownerId'))))
    .prepare('gateway_of_owner'),
);

/**
 * The gateway screen's list: the caller's gateways with their number of locks. The page is cut
 * first (the owner's gateways by name, `gateways_owner_name_idx`), then only its gateways' locks
 * are counted, never every gateway's of the cloud.
 */
export async function listGateways(
  db: Executor,
  ownerId: number,
  query: { pageNo: number; pageSize: number; gatewayName?: string | undefined },
) {
  const listing = gatewayListing(db, Boolean(query.gatewayName));
  const { rows, total } = await pageAndCount(listing, query.gatewayName, query, { ownerId });
  const list = rows.map((gateway) => ({
    gatewayId: gateway.id,
    gatewayMac: gateway.mac,
    gatewayName: gateway.name,
    gatewayVersion: gateway.version,
    networkName: gateway.networkName,
    rssi: gateway.rssi,
    signalGrade: gateway.online ? signalGradeOfRssi(gateway.rssi) : 0,
    isOnline: gateway.online,
    lockNum: Number(gateway.lockNum),
    lastSeenAt: gateway.lastSeenAt?.getTime() ?? null,
    cityId: gateway.cityId,
    cityName: gateway.cityName ?? '',
  }));
  return pageOf(list, total, query.pageNo, query.pageSize);
}

/** The list's page and count, run on every visit of the gateway screen: prepared. */
const gatewayListing = preparedWithSearch((db, searching) => {
  const where = and(
    eq(gateways.ownerId, sql.placeholder('ownerId')),
    searching ? sql`${gateways.name} ilike ${sql.placeholder('pattern')}` : undefined,
  );
  const page = db
    .select({
      id: gateways.id,
      mac: gateways.mac,
      name: gateways.name,
      version: gateways.version,
      networkName: gateways.networkName,
      rssi: gateways.rssi,
      online: gateways.online,
      lastSeenAt: gateways.lastSeenAt,
      cityId: gateways.cityId,
    })
    .from(gateways)
    .where(where)
    .orderBy(asc(gateways.name), asc(gateways.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const shape = searching ? '_search' : '';
  return {
    page: db
      .select({
        id: page.id,
        mac: page.mac,
        name: page.name,
        version: page.version,
        networkName: page.networkName,
        rssi: page.rssi,
        online: page.online,
        lastSeenAt: page.lastSeenAt,
        cityId: page.cityId,
        lockNum: sql<number>`(select count(*)::int from ${gatewayLocks} where ${gatewayLocks.gatewayId} = ${page.id})`,
        cityName: cities.name,
      })
      .from(page)
      .leftJoin(cities, eq(cities.id, page.cityId))
      .orderBy(asc(page.name), asc(page.id))
      .prepare(`gateway_page${shape}`),
    count: db.select({ n: count() }).from(gateways).where(where).prepare(`gateway_count${shape}`),
  };
});

/** The locks a gateway reaches, with signal grades: only the columns the screen shows. */
export async function gatewayLockList(db: Executor, gatewayId: number) {
  const rows = await locksOfGateway(db).execute({ gatewayId });
  // The statement is prepared for every call: a call's lock subset (an API key's) is applied here.
  return rows
    .filter((row) => !outsideLockSubset(row.lockId))
    .map((row) => ({
      lockId: row.lockId,
      lockName: row.lockName,
      lockMac: row.lockMac,
      rssi: row.rssi,
      signalGrade: signalGradeOfRssi(row.rssi),
      state: row.state,
      battery: row.battery,
      remoteUnlock: row.switches.remoteUnlock ?? 0,
      isParkingLock: hasFeature(row.featureValue, 'parkingLock'),
      updatedAt: row.updatedAt.getTime(),
    }));
}

const locksOfGateway = preparedStatement((db) =>
  db
    .select({
      lockId: locks.id,
      lockName: locks.name,
      lockMac: locks.mac,
      rssi: gatewayLocks.rssi,
      state: locks.state,
      battery: locks.battery,
      switches: locks.switches,
      featureValue: locks.featureValue,
      updatedAt: gatewayLocks.updatedAt,
    })
    .from(gatewayLocks)
    .innerJoin(locks, eq(locks.id, gatewayLocks.lockId))
    .where(eq(gatewayLocks.gatewayId, sql.placeholder('gatewayId')))
    .orderBy(asc(locks.name), asc(locks.id))
    .prepare('gateway_locks_of_gateway'),
);

/** A new gateway's row. */
export async function insertGateway(db: Executor, values: typeof gateways.$inferInsert): Promise<number> {
  const [created] = await db.insert(gateways).values(values).returning({ id: gateways.id });
  if (!created) throw new Error('gateway insert returned nothing');
  return created.id;
}

/** Renames the account's gateway; false when it has no gateway of this id. */
export async function renameOwnedGateway(db: Executor, ownerId: number, gatewayId: number, name: string) {
  const renamed = await db
    .update(gateways)
    .set({ name })
    .where(and(eq(gateways.id, gatewayId), eq(gateways.ownerId, ownerId)))
    .returning({ id: gateways.id });
  return renamed.length > 0;
}

export async function deleteOwnedGateway(db: Executor, ownerId: number, gatewayId: number): Promise<void> {
  await db.delete(gateways).where(and(eq(gateways.id, gatewayId), eq(gateways.ownerId, ownerId)));
}

/** How many of these gateways the account owns. */
export async function ownedGatewayCount(db: Executor, ownerId: number, gatewayIds: number[]): Promise<number> {
  const mine = await db
    .select({ id: gateways.id })
    .from(gateways)
    .where(and(inArray(gateways.id, gatewayIds), eq(gateways.ownerId, ownerId)));
  return mine.length;
}

/**
 * Gives the account's gateways to the receiver. The locks they reached stay with their owner:
 * the gateways start with none of them.
 */
export async function giveGateways(tx: Executor, gatewayIds: number[], ownerId: number, receiverId: number) {
  await tx
    .update(gateways)
    .set({ ownerId: receiverId })
    .where(and(inArray(gateways.id, gatewayIds), eq(gateways.ownerId, ownerId)));
  await tx.delete(gatewayLocks).where(inArray(gatewayLocks.gatewayId, gatewayIds));
}

/** Places the gateway in a city (null: in none). */
export async function setGatewayCity(db: Executor, gatewayId: number, cityId: number | null): Promise<void> {
  await db.update(gateways).set({ cityId }).where(eq(gateways.id, gatewayId));
}

/** The online gateway of the lock's owner that reaches the lock best, if any. */
export async function reachingGateway(
  db: Executor,
  lock: { id: number; ownerId: number },
): Promise<{ gatewayId: number } | undefined> {
  const [row] = await db
    .select({ gatewayId: gateways.id })
    .from(gatewayLocks)
    .innerJoin(gateways, eq(gateways.id, gatewayLocks.gatewayId))
    .where(and(eq(gatewayLocks.lockId, lock.id), eq(gateways.online, 1), eq(gateways.ownerId, lock.ownerId)))
    .orderBy(sql`${gatewayLocks.rssi} desc nulls last`, desc(gatewayLocks.updatedAt))
    .limit(1);
  return row;
}

/** The locks the gateway reaches become these (each with its signal), and no others. */
export async function replaceLocksReached(
  tx: Executor,
  gatewayId: number,
  reached: { lockId: number; rssi: number | null }[],
): Promise<void> {
  await tx.delete(gatewayLocks).where(eq(gatewayLocks.gatewayId, gatewayId));
  const rows = reached.map((e) => ({ gatewayId, lockId: e.lockId, rssi: e.rssi, updatedAt: new Date() }));
  if (rows.length > 0) await tx.insert(gatewayLocks).values(rows).onConflictDoNothing();
}

/** No gateway reaches these locks any more (until one reports them again). */
export async function forgetReachOfLocks(tx: Executor, lockIds: number[]): Promise<void> {
  await tx.delete(gatewayLocks).where(inArray(gatewayLocks.lockId, lockIds));
}

/** The lock ids of the owner's locks with these MACs. */
export async function lockIdsByMac(db: Executor, ownerId: number, macs: string[]): Promise<Map<string, number>> {
  if (macs.length === 0) return new Map();
  const rows = await db
    .select({ id: locks.id, mac: locks.mac })
    .from(locks)
    .where(and(inArray(locks.mac, macs), eq(locks.ownerId, ownerId), lockSubsetCondition()));
  return new Map(rows.map((r) => [r.mac, r.id]));
}

/**
 * Online and offline from a gateway's status topic: "online" when it connects, "offline" as its
 * last will. Each status carries the gateway's clock at connection time; a connection's will
 * carries the same time as its online (or 1 ms less), so the will of an old connection arriving
 * after a newer online never marks the gateway offline.
 */
export async function applyGatewayStatus(
  db: Executor,
  gatewayId: number,
  status: GatewayStatus,
): Promise<{ ownerId: number; online: 0 | 1; wasOnline: boolean } | undefined> {
  const online = status.online ? 1 : 0;
  const newer = status.online ? lt(gateways.statusAt, status.at) : lte(gateways.statusAt, status.at + 1);
  const [row] = await db
    .update(gateways)
    .set({
      online,
      statusAt: sql`greatest(${gateways.statusAt}, ${status.at})`,
      lastSeenAt: new Date(),
      ...(status.rssi !== undefined ? { rssi: status.rssi } : {}),
      ...(status.networkName ? { networkName: status.networkName } : {}),
    })
    .where(and(eq(gateways.id, gatewayId), newer))
    .returning({
      ownerId: gateways.ownerId,
      // A sub-select in RETURNING reads the row as it was before this statement changed it.
      was: sql<number>`(select g.online from gateways g where g.id = "gateways"."id")`,
    });
  return row ? { ownerId: row.ownerId, online, wasOnline: Number(row.was) === 1 } : undefined;
}

/** With the embedded broker nobody is connected at start: every gateway starts offline. */
export async function markAllGatewaysOffline(db: Executor): Promise<void> {
  await db.update(gateways).set({ online: 0 }).where(eq(gateways.online, 1));
}

/** How many gateways are online now (every instance sees the same number). */
export async function countOnlineGateways(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gateways).where(eq(gateways.online, 1));
  return row?.n ?? 0;
}

/** The SHA-256 of the gateway's secret as stored; undefined when there is no such gateway. */
export async function gatewaySecretHash(db: Executor, gatewayId: number): Promise<string | undefined> {
  const [row] = await db.select({ secretHash: gateways.secretHash }).from(gateways).where(eq(gateways.id, gatewayId));
  return row?.secretHash;
}
