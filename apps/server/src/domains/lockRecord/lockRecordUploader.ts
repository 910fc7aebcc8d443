import type { Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { keyAdmits } from '../ekey/ekeyGrant';
import { managedLock } from '../lock/lockAccess';
import type { LockRow } from '../lock/lockQueries';
import { keysInForceOf } from './lockRecordQueries';

/**
 * The lock if the caller may upload its records: one they manage (owner or authorized
 * administrator), or one they hold an eKey of that is in force — its status normal (or
 * updating) and its validity admitting now (`keyAdmits`, the rule the lock itself applies to the
 * key's credential). Else "no permission".
 */
export async function uploaderLock(db: Executor, userId: number, lockId: number): Promise<LockRow> {
  try {
    return (await managedLock(db, userId, lockId)).lock;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  const rows = await keysInForceOf(db, userId, lockId);
  const held = rows.find((r) => keyAdmits(r.key, r.lock));
  if (!held) throw new ApiError('noPermission', {}, 'no eKey of the lock in force');
  return held.lock;
}
