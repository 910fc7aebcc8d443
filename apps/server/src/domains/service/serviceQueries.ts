import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { serviceBalances } from '../../db/schema';

/**
 * Units of the value-added services an account holds (ServiceType: face identify, fingerprint).
 * An account starts with none; the paid services sell them.
 */
/** The account's units of a service; `forUpdate` holds them to the end of the transaction. */
export async function balanceOf(db: Executor, userId: number, serviceType: number, forUpdate = false): Promise<number> {
  const query = db
    .select({ units: serviceBalances.units })
    .from(serviceBalances)
    .where(and(eq(serviceBalances.userId, userId), eq(serviceBalances.serviceType, serviceType)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row?.units ?? 0;
}

/** Takes one unit if there is one (one statement: two callers never take the last unit twice). */
export async function consumeUnit(db: Executor, userId: number, serviceType: number): Promise<boolean> {
  const rows = await db
    .update(serviceBalances)
    .set({ units: sql`${serviceBalances.units} - 1` })
    .where(
      and(
        eq(serviceBalances.userId, userId),
        eq(serviceBalances.serviceType, serviceType),
        gt(serviceBalances.units, 0),
      ),
    )
    .returning({ units: serviceBalances.units });
  return rows.length > 0;
}

/** Adds units (a purchase, a refund, the demo account's starting units). */
export async function addUnits(db: Executor, userId: number, serviceType: number, units: number): Promise<void> {
  await db
    .insert(serviceBalances)
    .values({ userId, serviceType, units })
    .onConflictDoUpdate({
      target: [serviceBalances.userId, serviceBalances.serviceType],
      set: { units: sql`${serviceBalances.units} + ${units}` },
    });
}

/** Takes units back (a refund); the caller holds the balance and takes no more than it has. */
export async function takeUnits(db: Executor, userId: number, serviceType: number, units: number): Promise<void> {
  await db
    .update(serviceBalances)
    .set({ units: sql`${serviceBalances.units} - ${units}` })
    .where(and(eq(serviceBalances.userId, userId), eq(serviceBalances.serviceType, serviceType)));
}

/** Every unit service's balance of an account (services it never bought: 0). */
export async function balancesOf(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ serviceType: serviceBalances.serviceType, units: serviceBalances.units })
    .from(serviceBalances)
    .where(eq(serviceBalances.userId, userId));
  return new Map(rows.map((row) => [row.serviceType, row.units]));
}
