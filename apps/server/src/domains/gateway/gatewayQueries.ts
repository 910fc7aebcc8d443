import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gateways } from '../../db/schema';

/** 1 when one of the account's gateways is online, else 0 (user info's hasGateway). */
export async function hasOnlineGateway(db: Executor, ownerId: number): Promise<0 | 1> {
  const [row] = await db
    .select({ id: gateways.id })
    .from(gateways)
    .where(and(eq(gateways.ownerId, ownerId), eq(gateways.online, 1)))
    .limit(1);
  return row ? 1 : 0;
}
