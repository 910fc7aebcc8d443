import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';

export type LockRow = typeof locks.$inferSelect;

/**
 * The lock if the caller manages it, else "no permission" — also for a lock that does not
 * exist, so ids of other accounts' locks cannot be probed.
 */
export async function managedLock(db: Executor, userId: number, lockId: number): Promise<LockRow> {
  const [row] = await db
    .select()
    .from(locks)
    .where(and(eq(locks.id, lockId), eq(locks.ownerId, userId)));
  if (!row) throw new ApiError('noPermission', {}, 'not a lock of this account');
  return row;
}
