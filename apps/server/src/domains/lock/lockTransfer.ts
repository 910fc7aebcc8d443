import type { Executor } from '../../db/client';
import { leaveKeys } from '../ekey/ekeyLeaving';
import { forgetReachOfLocks } from '../gateway/gatewayQueries';
import { unfileLocks } from '../group/groupQueries';
import { giveLocks, keysEndingWithTransfer } from './lockTransferQueries';

/**
 * What a lock transfer moves, inside the caller's transaction. The receiver becomes the owner
 * (primary administrator) of each lock, and with the lock go what belongs to the lock: its
 * settings, switches, its log of records and the credentials stored in it. What belonged to
 * the giver stays with the giver: the giver's groups no longer file the lock, and the giver's
 * gateways no longer reach it (the receiver's own gateways report it when they reach it), and a
 * hotel lock leaves its place (building, floor) in the giver's hotel settings; the giver's
 * authorized administrators stop administering it.
 */
export async function transferLocks(tx: Executor, lockIds: number[], fromUserId: number, toUserId: number) {
  const moved = await giveLocks(tx, lockIds, fromUserId, toUserId);
  if (moved !== lockIds.length) throw new Error('a lock changed hands during its transfer');
  await unfileLocks(tx, fromUserId, lockIds);
  await forgetReachOfLocks(tx, lockIds);
  // The giver's administrators were the giver's choice, and the receiver needs no eKey for a
  // lock of their own: those keys leave (the keys others hold stay with the lock's users).
  await leaveKeys(tx, await keysEndingWithTransfer(tx, lockIds, toUserId), 'delete');
}
