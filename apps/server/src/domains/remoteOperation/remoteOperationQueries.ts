import { EKeyStatus, hasFeature, RemoteOperationState, signalGradeOfRssi } from '@smartlock/contract';
import { and, asc, count, eq, gt, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { ekeys, gatewayLocks, gateways, locks, remoteOperations, unlockLinks } from '../../db/schema';
import { containsPattern, offsetOf, pageOf } from '../../http/paging';
import { managedLockCondition } from '../lock/lockQueries';

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

/** The states of an operation that has not ended. */
export const OPEN_STATES = [RemoteOperationState.operating, RemoteOperationState.wait];

/** An operation as stored. */
export type OperationRow = typeof remoteOperations.$inferSelect;

export type NewOperation = typeof remoteOperations.$inferInsert;

/** Records an operation; the row as stored. */
export async function insertOperation(db: Executor, values: NewOperation) {
  const [row] = await db.insert(remoteOperations).values(values).returning();
  if (!row) throw new Error('operation insert returned nothing');
  return row;
}

/** An operation by id (and, when given, only if it went to this gateway). */
export async function operationById(db: Executor, id: string, gatewayId?: number) {
  const [row] = await db
    .select()
    .from(remoteOperations)
    .where(
      and(eq(remoteOperations.id, id), gatewayId === undefined ? undefined : eq(remoteOperations.gatewayId, gatewayId)),
    );
  return row;
}

/** Ends an operation still open; the ended row, or undefined when it had already ended. */
export async function endOpenOperation(
  db: Executor,
  id: string,
  end: { state: number; error: string | null; result: Record<string, unknown> | null },
) {
  const [ended] = await db
    .update(remoteOperations)
    .set({ ...end, finishedAt: new Date() })
    .where(and(eq(remoteOperations.id, id), or(...OPEN_STATES.map((s) => eq(remoteOperations.state, s)))))
    .returning();
  return ended;
}

/** Moves an open operation of the gateway to a new open state; the rows that changed. */
export async function advanceOpenOperation(db: Executor, id: string, gatewayId: number, state: number) {
  return db
    .update(remoteOperations)
    .set({ state })
    .where(
      and(
        eq(remoteOperations.id, id),
        eq(remoteOperations.gatewayId, gatewayId),
        inArray(remoteOperations.state, OPEN_STATES),
        sql`${remoteOperations.state} <> ${state}`,
      ),
    )
    .returning();
}

/** The open operations sent through a gateway. */
export async function openOperationsOf(db: Executor, gatewayId: number) {
  return db
    .select({ id: remoteOperations.id })
    .from(remoteOperations)
    .where(and(eq(remoteOperations.gatewayId, gatewayId), inArray(remoteOperations.state, OPEN_STATES)));
}

/** The open operations whose deadline passed before `before`. */
export async function lateOperations(db: Executor, before: Date) {
  return db
    .select({ id: remoteOperations.id })
    .from(remoteOperations)
    .where(and(inArray(remoteOperations.state, OPEN_STATES), lt(remoteOperations.deadline, before)));
}

/** The caller's normal eKeys of the lock that allow remote unlock, each with its lock. */
export async function remoteUnlockKeys(db: Executor, userId: number, lockId: number) {
  return db
    .select({ key: ekeys, lock: locks })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .where(
      and(
        eq(ekeys.lockId, lockId),
        eq(ekeys.recipientId, userId),
        eq(ekeys.status, EKeyStatus.normal),
        eq(ekeys.remoteEnable, 1),
      ),
    );
}

/** Keeps an unlock link (only its token's hash). */
export async function insertUnlockLink(db: Executor, link: typeof unlockLinks.$inferInsert): Promise<void> {
  await db.insert(unlockLinks).values(link);
}

/** The unexpired link with this token hash, with its lock's name. */
export async function liveUnlockLink(db: Executor, tokenHash: string) {
  const [link] = await db
    .select({ lockId: unlockLinks.lockId, createdBy: unlockLinks.createdBy, lockName: locks.name })
    .from(unlockLinks)
    .innerJoin(locks, eq(locks.id, unlockLinks.lockId))
    .where(and(eq(unlockLinks.tokenHash, tokenHash), gt(unlockLinks.expiresAt, new Date())));
  return link;
}
