import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gatewayLocks, lockGroupLocks, locks } from '../../db/schema';

/**
 * What a lock transfer moves, inside the caller's transaction. The receiver becomes the owner
 * (primary administrator) of each lock, and with the lock go what belongs to the lock: its
 * settings, switches, its log of records and the credentials stored in it. What belonged to
 * the giver stays with the giver: the giver's groups no longer file the lock, and the giver's
 * gateways no longer reach it (the receiver's own gateways report it when they reach it), and a
 * hotel lock leaves its place (building, floor) in the giver's hotel settings.
 */
export async function transferLocks(tx: Executor, lockIds: number[], fromUserId: number, toUserId: number) {
  const moved = await tx
    .update(locks)
    .set({ ownerId: toUserId, hotelBuilding: null, hotelFloor: null })
    .where(and(inArray(locks.id, lockIds), eq(locks.ownerId, fromUserId)))
    .returning({ id: locks.id });
  if (moved.length !== lockIds.length) throw new Error('a lock changed hands during its transfer');
  await tx
    .delete(lockGroupLocks)
    .where(and(inArray(lockGroupLocks.lockId, lockIds), eq(lockGroupLocks.userId, fromUserId)));
  await tx.delete(gatewayLocks).where(inArray(gatewayLocks.lockId, lockIds));
}
