import { EKeyStatus } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { endKeys } from './ekeyRevocationQueries';

/** What happens to a key when it is deleted or reset: pending until the holder syncs, at once when nobody holds it. */
const LEAVING = {
  delete: { held: EKeyStatus.deleting, unclaimed: EKeyStatus.deleted },
  reset: { held: EKeyStatus.resetting, unclaimed: EKeyStatus.reset },
} as const;

/**
 * Keys leave, inside the caller's transaction: pending until their holder's app syncs, at once
 * for keys nobody has claimed yet; every version refused at the lock from then on (the caller
 * sends the revocations once the transaction is done).
 */
export async function leaveKeys(tx: Executor, ids: number[], how: 'delete' | 'reset'): Promise<number[]> {
  if (ids.length === 0) return [];
  await endKeys(tx, ids, LEAVING[how]);
  return ids;
}
