import type { CityItem } from '@smartlock/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { locks } from '../../db/schema';
import { storedCity } from './mapQueries';

/**
 * SQL: the city the lock (`locks` in the query) counts in — its own, else the city of the
 * owner's gateway that reaches it with the strongest signal. Null when neither has one.
 */
export function effectiveCitySql(): SQL<number | null> {
  // Written with explicit names: the gateway's columns share names with the lock's.
  return sql<number | null>`coalesce("locks"."city_id", (
    select g."city_id" from "gateway_locks" gl
    join "gateways" g on g."id" = gl."gateway_id"
    where gl."lock_id" = "locks"."id" and g."owner_id" = "locks"."owner_id" and g."city_id" is not null
    order by gl."rssi" desc nulls last, g."id"
    limit 1))`;
}

export interface LockLocation {
  city: CityItem | null;
  source: 'lock' | 'gateway' | 'none';
}

/** Where a lock counts on the public map, and why. */
export async function locationOf(db: Executor, lockId: number): Promise<LockLocation> {
  const [row] = await db
    .select({ own: locks.cityId, effective: effectiveCitySql() })
    .from(locks)
    .where(eq(locks.id, lockId));
  const cityId = row?.effective ?? null;
  const city = cityId === null ? undefined : await storedCity(db, cityId);
  if (!city) return { city: null, source: 'none' };
  return { city, source: row?.own !== null && row?.own !== undefined ? 'lock' : 'gateway' };
}

/** The city a lock counts in now (null: nowhere). */
export async function effectiveCityOf(db: Executor, lockId: number): Promise<number | null> {
  const [row] = await db.select({ effective: effectiveCitySql() }).from(locks).where(eq(locks.id, lockId));
  return row?.effective ?? null;
}
