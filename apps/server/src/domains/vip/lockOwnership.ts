import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { locks } from '../../db/schema';
import { administeredLockCondition } from '../lock/lockAccess';

/** How many locks the account owns (is the primary administrator of). */
export async function ownedLockCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locks).where(eq(locks.ownerId, userId));
  return row?.n ?? 0;
}

/** Whether the account administers another owner's lock now. */
export async function administersAnyLock(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: locks.id }).from(locks).where(administeredLockCondition(userId)).limit(1);
  return row !== undefined;
}
