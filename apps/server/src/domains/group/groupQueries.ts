import { LockQueryType } from '@smartlock/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { lockGroupLocks, lockGroups, locks } from '../../db/schema';
import { managedBranches, managedLockCondition, managedLockTotal } from '../lock/lockQueries';

/** The account's group of this id, if it has one. */
export async function findOwnedGroup(db: Executor, userId: number, groupId: number) {
  const [row] = await db
    .select()
    .from(lockGroups)
    .where(and(eq(lockGroups.id, groupId), eq(lockGroups.ownerId, userId)));
  return row;
}

/**
 * The account's groups by name, how many locks each files, and how many locks it manages in all.
 * Only locks the user manages now count: a transfer removes the giver's filing rows, and the rows
 * of an administrator who lost a lock are left out here.
 */
export async function groupsWithCounts(db: Db, userId: number) {
  const [groups, counts, all] = await Promise.all([
    db
      .select({ groupId: lockGroups.id, groupName: lockGroups.name })
      .from(lockGroups)
      .where(eq(lockGroups.ownerId, userId))
      .orderBy(asc(lockGroups.name), asc(lockGroups.id)),
    filedCounts(db, userId),
    managedLockTotal(db, userId),
  ]);
  return { groups, counts, totalCount: all };
}

/**
 * How many of the locks the user manages each of its groups files: counted per branch (owned,
 * administered), each a plain join, then added — `owner or administers` as one condition makes
 * PostgreSQL probe every filed lock by itself.
 */
async function filedCounts(db: Db, userId: number): Promise<{ groupId: number; n: number }[]> {
  const branches = managedBranches(userId, LockQueryType.all).map(
    (where) =>
      sql`(${db
        .select({ groupId: lockGroupLocks.groupId, n: count().as('n') })
        .from(lockGroupLocks)
        .innerJoin(locks, eq(locks.id, lockGroupLocks.lockId))
        .where(and(eq(lockGroupLocks.userId, userId), where))
        .groupBy(lockGroupLocks.groupId)})`,
  );
  const result = (await db.execute(
    sql`select "group_id", sum("n")::int as "n" from (${sql.join(branches, sql` union all `)}) as "branches" group by "group_id"`,
  )) as unknown as { rows: { group_id: number; n: number | string }[] };
  return result.rows.map((row) => ({ groupId: Number(row.group_id), n: Number(row.n) }));
}

export async function insertGroup(db: Executor, ownerId: number, name: string): Promise<number> {
  const [created] = await db.insert(lockGroups).values({ ownerId, name }).returning({ id: lockGroups.id });
  if (!created) throw new Error('group insert returned nothing');
  return created.id;
}

export async function renameGroup(db: Executor, groupId: number, name: string): Promise<void> {
  await db.update(lockGroups).set({ name }).where(eq(lockGroups.id, groupId));
}

/** Deletes a group; its locks become ungrouped (their filing rows go with the group). */
export async function deleteGroup(db: Executor, groupId: number): Promise<void> {
  await db.delete(lockGroups).where(eq(lockGroups.id, groupId));
}

/** How many of these locks the account manages. */
export async function managedLockCountOf(db: Executor, userId: number, lockIds: number[]): Promise<number> {
  const managed = await db
    .select({ id: locks.id })
    .from(locks)
    .where(and(inArray(locks.id, lockIds), managedLockCondition(userId)));
  return managed.length;
}

/** The account stops filing these locks in any group. */
export async function unfileLocks(db: Executor, userId: number, lockIds: number[]): Promise<void> {
  await db
    .delete(lockGroupLocks)
    .where(and(eq(lockGroupLocks.userId, userId), inArray(lockGroupLocks.lockId, lockIds)));
}

/** The account files these locks in the group. */
export async function fileLocks(db: Executor, userId: number, groupId: number, lockIds: number[]): Promise<void> {
  await db.insert(lockGroupLocks).values(lockIds.map((lockId) => ({ userId, lockId, groupId })));
}
