import { group } from '@smartlock/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { lockGroupLocks, lockGroups, locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { validatedName } from '../lock/deviceIdentity';
import { managedLockCondition } from '../lock/lockAccess';

/** The group if it is the caller's, else "no permission" (also when it does not exist). */
async function ownedGroup(db: Db, userId: number, groupId: number) {
  const [row] = await db
    .select()
    .from(lockGroups)
    .where(and(eq(lockGroups.id, groupId), eq(lockGroups.ownerId, userId)));
  if (!row) throw new ApiError('noPermission', {}, 'not a group of this account');
  return row;
}

/**
 * Lock groups: each account files the locks it manages (owns or administers) into groups of its
 * own; an administrator's groups are theirs, never the owner's.
 */
export function groupRoutes(db: Db): Route[] {
  return [
    route(group.list, async (_params, ctx) => {
      const userId = requireSession(ctx).userId;
      // Only locks the user manages now count: a transfer removes the giver's filing rows, and
      // the rows of an administrator who lost a lock are left out here.
      const [groups, counts, [all]] = await Promise.all([
        db
          .select({ groupId: lockGroups.id, groupName: lockGroups.name })
          .from(lockGroups)
          .where(eq(lockGroups.ownerId, userId))
          .orderBy(asc(lockGroups.name), asc(lockGroups.id)),
        db
          .select({ groupId: lockGroupLocks.groupId, n: count() })
          .from(lockGroupLocks)
          .innerJoin(locks, eq(locks.id, lockGroupLocks.lockId))
          .where(and(eq(lockGroupLocks.userId, userId), managedLockCondition(userId)))
          .groupBy(lockGroupLocks.groupId),
        db.select({ n: count() }).from(locks).where(managedLockCondition(userId)),
      ]);
      const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
      const filed = counts.reduce((sum, c) => sum + c.n, 0);
      const totalCount = all?.n ?? 0;
      return {
        list: groups.map((g) => ({ ...g, lockCount: byGroup.get(g.groupId) ?? 0 })),
        ungroupedCount: Math.max(0, totalCount - filed),
        totalCount,
      };
    }),

    route(group.add, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      const name = validatedName('group', params.groupName);
      return orConflict(async () => {
        const [created] = await db
          .insert(lockGroups)
          .values({ ownerId: userId, name })
          .returning({ id: lockGroups.id });
        if (!created) throw new Error('group insert returned nothing');
        return { groupId: created.id };
      }, 'groupNameExists');
    }),

    route(group.rename, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      await ownedGroup(db, userId, params.groupId);
      const name = validatedName('group', params.groupName);
      await orConflict(
        () => db.update(lockGroups).set({ name }).where(eq(lockGroups.id, params.groupId)),
        'groupNameExists',
      );
      return {};
    }),

    route(group.remove, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      await ownedGroup(db, userId, params.groupId);
      // Its locks become ungrouped (their filing rows go with the group).
      await db.delete(lockGroups).where(eq(lockGroups.id, params.groupId));
      return {};
    }),

    route(group.setLocks, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      if (params.groupId > 0) await ownedGroup(db, userId, params.groupId);
      const managed = await db
        .select({ id: locks.id })
        .from(locks)
        .where(and(inArray(locks.id, params.lockIdList), managedLockCondition(userId)));
      if (managed.length !== params.lockIdList.length) throw new ApiError('noPermission', {}, 'lockIdList');
      await db.transaction(async (tx) => {
        await tx
          .delete(lockGroupLocks)
          .where(and(eq(lockGroupLocks.userId, userId), inArray(lockGroupLocks.lockId, params.lockIdList)));
        if (params.groupId > 0) {
          await tx
            .insert(lockGroupLocks)
            .values(params.lockIdList.map((lockId) => ({ userId, lockId, groupId: params.groupId })));
        }
      });
      return {};
    }),
  ];
}
