import type { Executor } from '../../db/client';
import { ownedLocksAmong } from '../lock/lockQueries';
import { replaceLocksReached } from './gatewayQueries';

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
  const owned = ids.length ? await ownedLocksAmong(tx, ownerId, ids) : [];
  const ownedIds = new Set(owned.map((r) => r.id));
  const kept = entries.filter((e) => ownedIds.has(e.lockId));
  await replaceLocksReached(tx, gatewayId, kept);
  return { kept: kept.length, ignored: entries.length - kept.length };
}
