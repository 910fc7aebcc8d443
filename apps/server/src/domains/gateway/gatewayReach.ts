import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gatewayLocks, gateways, locks } from '../../db/schema';

/** The online gateway of the lock's owner that reaches the lock best, if any. */
export async function reachingGateway(
  db: Executor,
  lock: { id: number; ownerId: number },
): Promise<{ gatewayId: number } | undefined> {
  const [row] = await db
    .select({ gatewayId: gateways.id })
    .from(gatewayLocks)
    .innerJoin(gateways, eq(gateways.id, gatewayLocks.gatewayId))
    .where(and(eq(gatewayLocks.lockId, lock.id), eq(gateways.online, 1), eq(gateways.ownerId, lock.ownerId)))
    .orderBy(sql`${gatewayLocks.rssi} desc nulls last`, desc(gatewayLocks.updatedAt))
    .limit(1);
  return row;
}

export interface ReachEntry {
  lockId: number;
  rssi: number | null;
}

/**
 * Replaces which locks a gateway reaches. Only locks of the gateway's owner count: a gateway
 * never reaches into another account.
 */
export async function replaceReach(tx: Executor, gatewayId: number, ownerId: number, entries: ReachEntry[]) {
  const ids = [...new Set(entries.map((e) => e.lockId))];
  const owned = ids.length
    ? await tx
        .select({ id: locks.id })
        .from(locks)
        .where(and(inArray(locks.id, ids), eq(locks.ownerId, ownerId)))
    : [];
  const ownedIds = new Set(owned.map((r) => r.id));
  await tx.delete(gatewayLocks).where(eq(gatewayLocks.gatewayId, gatewayId));
  const rows = entries
    .filter((e) => ownedIds.has(e.lockId))
    .map((e) => ({ gatewayId, lockId: e.lockId, rssi: e.rssi, updatedAt: new Date() }));
  if (rows.length > 0) await tx.insert(gatewayLocks).values(rows).onConflictDoNothing();
  return { kept: rows.length, ignored: entries.length - rows.length };
}

/** The lock ids of the owner's locks with these MACs. */
export async function lockIdsByMac(db: Executor, ownerId: number, macs: string[]): Promise<Map<string, number>> {
  if (macs.length === 0) return new Map();
  const rows = await db
    .select({ id: locks.id, mac: locks.mac })
    .from(locks)
    .where(and(inArray(locks.mac, macs), eq(locks.ownerId, ownerId)));
  return new Map(rows.map((r) => [r.mac, r.id]));
}
