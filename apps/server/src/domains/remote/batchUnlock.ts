import { ERRORS, type RemoteOperation, VipStatus } from '@smartlock/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locks, users } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import type { RemoteOperationService } from './remoteOperationService';

const AT_ONCE = 8;

/**
 * Batch unlock: the owner alone, with the advanced function (trial or subscribed), unlocks many
 * of their own locks at once. Each lock answers on its own: the operation it started, or why it
 * could not start (remote unlock off, no gateway...).
 */
export async function batchUnlock(db: Db, operations: RemoteOperationService, userId: number, lockIds: number[]) {
  const [owner] = await db.select({ vipStatus: users.vipStatus }).from(users).where(eq(users.id, userId));
  if (owner?.vipStatus !== VipStatus.trial && owner?.vipStatus !== VipStatus.open) {
    throw new ApiError('advancedFunctionRequired');
  }
  const owned = await db
    .select({ id: locks.id })
    .from(locks)
    .where(and(inArray(locks.id, lockIds), eq(locks.ownerId, userId)));
  if (owned.length !== lockIds.length) throw new ApiError('noPermission', {}, 'lockIdList');
  const results: { lockId: number; errorCode: number; operation: RemoteOperation | null }[] = [];
  const queue = [...lockIds];
  const worker = async () => {
    for (let lockId = queue.shift(); lockId !== undefined; lockId = queue.shift()) {
      try {
        results.push({ lockId, errorCode: 0, operation: await operations.start(userId, lockId, { name: 'unlock' }) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        results.push({ lockId, errorCode: ERRORS[error.errorName].code, operation: null });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, lockIds.length) }, worker));
  return { list: lockIds.map((id) => results.find((r) => r.lockId === id) as (typeof results)[number]) };
}
