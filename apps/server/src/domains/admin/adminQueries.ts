import { AdminGroupQuery, EKeyAuthorized, GroupId } from '@smartlock/contract';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  min,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, lockGroupLocks, lockGroups, locks, users } from '../../db/schema';
import { containsPattern, offsetOf } from '../../http/paging';
import { ENDED_EKEY_STATUSES } from '../ekey/ekeyStatus';

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** An administrator eKey that still counts (not deleted or reset, nor on its way out). */
function liveAdminKey(adminUid: number): SQL {
  return and(
    eq(ekeys.recipientId, adminUid),
    eq(ekeys.keyRight, EKeyAuthorized.yes),
    notInArray(ekeys.status, [...ENDED_EKEY_STATUSES]),
  ) as SQL;
}

/** Those of the groups that are the account's. */
export async function ownedGroupsAmong(db: Executor, ownerId: number, groupIds: number[]) {
  return db
    .select({ id: lockGroups.id })
    .from(lockGroups)
    .where(and(inArray(lockGroups.id, groupIds), eq(lockGroups.ownerId, ownerId)));
}

/** The account's own locks it files in these groups. */
export async function ownedLocksFiledIn(db: Executor, ownerId: number, groupIds: number[]) {
  return db
    .select({ id: locks.id })
    .from(lockGroupLocks)
    .innerJoin(locks, eq(locks.id, lockGroupLocks.lockId))
    .where(
      and(eq(lockGroupLocks.userId, ownerId), inArray(lockGroupLocks.groupId, groupIds), eq(locks.ownerId, ownerId)),
    );
}

/** The account's own locks it files in none of its groups. */
export async function ungroupedOwnedLocks(db: Executor, ownerId: number) {
  return db
    .select({ id: locks.id })
    .from(locks)
    .leftJoin(lockGroupLocks, and(eq(lockGroupLocks.lockId, locks.id), eq(lockGroupLocks.userId, ownerId)))
    .where(and(eq(locks.ownerId, ownerId), isNull(lockGroupLocks.groupId)));
}

/** Whether the account has ever been sent an administrator eKey on one of the owner's locks. */
export async function sentAdminKey(db: Executor, ownerId: number, adminUid: number): Promise<boolean> {
  const [sent] = await db
    .select({ id: ekeys.id })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .where(and(eq(ekeys.recipientId, adminUid), eq(ekeys.keyRight, EKeyAuthorized.yes), eq(locks.ownerId, ownerId)))
    .limit(1);
  return sent !== undefined;
}

/** The administrator's live admin eKeys on the owner's locks (all, or `lockIds`). */
export async function liveAdminKeysOn(db: Executor, ownerId: number, adminUid: number, lockIds?: number[]) {
  return db
    .select({ keyId: ekeys.id, lockId: ekeys.lockId })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .where(
      and(liveAdminKey(adminUid), eq(locks.ownerId, ownerId), lockIds ? inArray(ekeys.lockId, lockIds) : undefined),
    );
}

/**
 * A page of the accounts holding a live administrator eKey on the owner's locks, first authorized
 * newest first. The keys are grouped by holder first (narrow rows, the administrator-key index),
 * then only the page's holders are joined to their accounts; the count counts the groups. A search
 * narrows the holders to the matching accounts before grouping.
 */
export async function adminPage(db: Executor, ownerId: number, query: Paging & { searchStr?: string | undefined }) {
  const matching = query.searchStr
    ? inArray(
        ekeys.recipientId,
        db
          .select({ id: users.id })
          .from(users)
          .where(
            or(
              ilike(users.email, containsPattern(query.searchStr)),
              ilike(users.mobile, containsPattern(query.searchStr)),
              ilike(users.nickname, containsPattern(query.searchStr)),
            ),
          ),
      )
    : undefined;
  const holders = db
    .select({
      recipientId: sql<number>`${ekeys.recipientId}`.as('recipient_id'),
      lockCount: countDistinct(ekeys.lockId).as('lock_count'),
      createDate: min(ekeys.createdAt).as('create_date'),
    })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .where(
      and(
        eq(locks.ownerId, ownerId),
        eq(ekeys.keyRight, EKeyAuthorized.yes),
        isNotNull(ekeys.recipientId),
        notInArray(ekeys.status, [...ENDED_EKEY_STATUSES]),
        matching,
      ),
    )
    .groupBy(ekeys.recipientId)
    .as('holders');
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, lockCount: holders.lockCount, createDate: holders.createDate })
      .from(holders)
      .innerJoin(users, eq(users.id, holders.recipientId))
      .orderBy(desc(holders.createDate), desc(holders.recipientId))
      .limit(query.pageSize)
      .offset(offsetOf(query.pageNo, query.pageSize)),
    db.select({ n: count() }).from(holders),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A page of the owner's locks as seen for one administrator, by AdminGroupQuery and the owner's group. */
export async function adminLockPage(
  db: Executor,
  ownerId: number,
  query: Paging & { adminUid: number; queryType: number; groupId: number },
) {
  const adminKey = db
    .select({ lockId: ekeys.lockId, keyId: sql<number>`min(${ekeys.id})`.as('key_id') })
    .from(ekeys)
    .where(liveAdminKey(query.adminUid))
    .groupBy(ekeys.lockId)
    .as('admin_key');
  const filed = and(eq(lockGroupLocks.lockId, locks.id), eq(lockGroupLocks.userId, ownerId));
  const where = and(
    eq(locks.ownerId, ownerId),
    query.groupId === GroupId.ungrouped
      ? isNull(lockGroupLocks.groupId)
      : query.groupId > 0
        ? eq(lockGroupLocks.groupId, query.groupId)
        : undefined,
    query.queryType === AdminGroupQuery.authorized
      ? isNotNull(adminKey.keyId)
      : query.queryType === AdminGroupQuery.notAuthorized
        ? isNull(adminKey.keyId)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ lockId: locks.id, lockName: locks.name, groupId: lockGroupLocks.groupId, keyId: adminKey.keyId })
      .from(locks)
      .leftJoin(lockGroupLocks, filed)
      .leftJoin(adminKey, eq(adminKey.lockId, locks.id))
      .where(where)
      .orderBy(asc(locks.name), asc(locks.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.pageNo, query.pageSize)),
    db
      .select({ n: count() })
      .from(locks)
      .leftJoin(lockGroupLocks, filed)
      .leftJoin(adminKey, eq(adminKey.lockId, locks.id))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
