import { EKeyAuthorized } from '@smartlock/contract';
import { and, eq, inArray, notInArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, gatewayLocks, lockGroupLocks, locks } from '../../db/schema';
import { leaveKeys } from '../ekey/ekeyLeaving';
import { ENDED_EKEY_STATUSES } from '../ekey/ekeyStatus';

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
  // The giver's administrators were the giver's choice, and the receiver needs no eKey for a
  // lock of their own: those keys leave (the keys others hold stay with the lock's users).
  const ending = await tx
    .select({ id: ekeys.id })
    .from(ekeys)
    .where(
      and(
        inArray(ekeys.lockId, lockIds),
        notInArray(ekeys.status, [...ENDED_EKEY_STATUSES]),
        or(eq(ekeys.keyRight, EKeyAuthorized.yes), eq(ekeys.recipientId, toUserId)),
      ),
    );
  await leaveKeys(
    tx,
    ending.map((row) => row.id),
    'delete',
  );
}
