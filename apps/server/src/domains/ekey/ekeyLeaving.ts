import { EKeyStatus } from '@smartlock/contract';
import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys } from '../../db/schema';
import { revocationColumns } from './ekeyRevocations';

/** What happens to a key when it is deleted or reset: pending until the holder syncs, at once when nobody holds it. */
const LEAVING = {
  delete: { pending: EKeyStatus.deleting, done: EKeyStatus.deleted },
  reset: { pending: EKeyStatus.resetting, done: EKeyStatus.reset },
} as const;

/**
 * Keys leave, inside the caller's transaction: pending until their holder's app syncs, at once
 * for keys nobody has claimed yet; every version refused at the lock from then on (the caller
 * sends the revocations once the transaction is done).
 */
export async function leaveKeys(tx: Executor, ids: number[], how: 'delete' | 'reset'): Promise<number[]> {
  if (ids.length === 0) return [];
  const status = LEAVING[how];
  await tx
    .update(ekeys)
    .set({ status: status.pending, ...revocationColumns(true) })
    .where(and(inArray(ekeys.id, ids), isNotNull(ekeys.recipientId)));
  await tx
    .update(ekeys)
    .set({ status: status.done, ...revocationColumns(true) })
    .where(and(inArray(ekeys.id, ids), isNull(ekeys.recipientId)));
  return ids;
}
