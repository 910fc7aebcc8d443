import type { GatewayStatus } from '@smartlock/contract';
import { and, count, eq, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gateways } from '../../db/schema';

/**
 * Online and offline from a gateway's status topic: "online" when it connects, "offline" as its
 * last will. Each status carries the gateway's clock at connection time; a connection's will
 * carries the same time as its online (or 1 ms less), so the will of an old connection arriving
 * after a newer online never marks the gateway offline.
 */
export async function applyGatewayStatus(
  db: Db,
  gatewayId: number,
  status: GatewayStatus,
): Promise<{ ownerId: number; online: 0 | 1 } | undefined> {
  const online = status.online ? 1 : 0;
  const newer = status.online ? lt(gateways.statusAt, status.at) : lte(gateways.statusAt, status.at + 1);
  const [row] = await db
    .update(gateways)
    .set({
      online,
      statusAt: sql`greatest(${gateways.statusAt}, ${status.at})`,
      lastSeenAt: new Date(),
      ...(status.rssi !== undefined ? { rssi: status.rssi } : {}),
      ...(status.networkName ? { networkName: status.networkName } : {}),
    })
    .where(and(eq(gateways.id, gatewayId), newer))
    .returning({ ownerId: gateways.ownerId });
  return row ? { ownerId: row.ownerId, online } : undefined;
}

/** With the embedded broker nobody is connected at start: every gateway starts offline. */
export async function markAllGatewaysOffline(db: Db): Promise<void> {
  await db.update(gateways).set({ online: 0 }).where(eq(gateways.online, 1));
}

/** How many gateways are online now (every instance sees the same number). */
export async function countOnlineGateways(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gateways).where(eq(gateways.online, 1));
  return row?.n ?? 0;
}
