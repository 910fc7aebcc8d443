import { type RemoteOperationName, ValidityType } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { keyIdentificationPending } from '../ekey/ekeyFaceAuth';
import { keyAdmits } from '../ekey/ekeyGrant';
import { managedLock } from '../lock/lockAccess';
import type { LockRow } from '../lock/lockQueries';
import { remoteUnlockKeys } from './remoteOperationQueries';

/**
 * The lock if the caller may run this operation on it: a lock the caller manages, or — to
 * unlock — one the caller holds a normal eKey for that allows remote unlock and is valid now
 * (a once key opens only over Bluetooth).
 */
export async function operableLock(
  db: Executor,
  userId: number,
  lockId: number,
  name: RemoteOperationName,
): Promise<LockRow> {
  try {
    return (await managedLock(db, userId, lockId)).lock;
  } catch (error) {
    if (name !== 'unlock') throw error;
  }
  const rows = await remoteUnlockKeys(db, userId, lockId);
  const usable = rows.find((r) => r.key.validityType !== ValidityType.once && keyAdmits(r.key, r.lock));
  if (!usable) throw new ApiError('noPermission', {}, 'no eKey allowing remote unlock now');
  if (await keyIdentificationPending(db, usable.key, usable.lock)) throw new ApiError('faceIdentificationRequired');
  return usable.lock;
}
