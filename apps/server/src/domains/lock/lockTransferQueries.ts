import { EKeyAuthorized } from '@smartlock/contract';
import { and, asc, count, eq, ilike, inArray, notInArray, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { ekeys, locks } from '../../db/schema';
import { containsPattern, offsetOf, pageOf } from '../../http/paging';
import { ENDED_EKEY_STATUSES } from '../ekey/ekeyStatus';
import { lockSubsetCondition } from './lockQueries';

/** A page of the locks the account owns, by name, for choosing which to transfer. */
export async function locksForTransfer(
  db: Db,
  ownerId: number,
  query: { pageNo: number; pageSize: number; lockName?: string | undefined },
) {
  const where = and(
    eq(locks.ownerId, ownerId),
    lockSubsetCondition(),
    query.lockName ? ilike(locks.name, containsPattern(query.lockName)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ lockId: locks.id, lockName: locks.name, lockMac: locks.mac })
      .from(locks)
      .where(where)
      .orderBy(asc(locks.name), asc(locks.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.pageNo, query.pageSize)),
    db.select({ n: count() }).from(locks).where(where),
  ]);
  return pageOf(rows, total?.n ?? 0, query.pageNo, query.pageSize);
}

/**
 * The giver's locks become the receiver's, leaving their place (building, floor) in the giver's
 * hotel settings; how many changed hands.
 */
export async function giveLocks(tx: Executor, lockIds: number[], fromUserId: number, toUserId: number) {
  const moved = await tx
    .update(locks)
    .set({ ownerId: toUserId, hotelBuilding: null, hotelFloor: null })
    .where(and(inArray(locks.id, lockIds), eq(locks.ownerId, fromUserId), lockSubsetCondition()))
    .returning({ id: locks.id });
  return moved.length;
}

/**
 * The eKeys of these locks that end when they change hands: administrators' keys (the giver's
 * choice), and the receiver's own keys (an owner needs none). The ids of those still in place.
 */
export async function keysEndingWithTransfer(tx: Executor, lockIds: number[], toUserId: number): Promise<number[]> {
  const ending = await tx
    .select({ id: ekeys.id })
    .from(ekeys)
    .where(
      and(
        inArray(ekeys.lockId, lockIds),
        notInArray(ekeys.status, [...ENDED_EKEY_STATUSES]),
        or(eq(ekeys.keyRight, EKeyAuthorized.yes), eq(ekeys.recipientId, toUserId)),
      ),
    );
  return ending.map((row) => row.id);
}
