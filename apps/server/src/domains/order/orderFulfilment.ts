import { ServiceType } from '@smartlock/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type orders, serviceBalances, vipSubscriptions } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { addUnits } from '../service/serviceQueries';
import { addPaidYears, VIP_YEAR_MS } from '../vip/vipQueries';

export type OrderRow = typeof orders.$inferSelect;

/** What a paid order gives: its units, or its years of the advanced function. */
export async function fulfil(tx: Executor, order: OrderRow, now = Date.now()): Promise<void> {
  if (order.serviceType === ServiceType.vip) {
    await addPaidYears(tx, order.userId, order.quantity, order.lockLimit ?? 0, now);
  } else {
    await addUnits(tx, order.userId, order.serviceType, order.quantity);
  }
}

/**
 * Takes back what a refunded order gave; answers how much was taken. `strict` (the customer
 * asked): all of it or nothing (refundUnitsUsed). Otherwise (the money is already back): what
 * is left of it.
 */
export async function reverse(tx: Executor, order: OrderRow, strict: boolean): Promise<number> {
  if (order.serviceType === ServiceType.vip) {
    await shiftPaidUntil(tx, order.userId, -order.quantity);
    return order.quantity;
  }
  const [held] = await tx
    .select({ units: serviceBalances.units })
    .from(serviceBalances)
    .where(and(eq(serviceBalances.userId, order.userId), eq(serviceBalances.serviceType, order.serviceType)))
    .for('update');
  const units = held?.units ?? 0;
  if (strict && units < order.quantity) throw new ApiError('refundUnitsUsed');
  const taken = Math.min(units, order.quantity);
  if (taken > 0) {
    await tx
      .update(serviceBalances)
      .set({ units: sql`${serviceBalances.units} - ${taken}` })
      .where(and(eq(serviceBalances.userId, order.userId), eq(serviceBalances.serviceType, order.serviceType)));
  }
  return taken;
}

/** Gives back exactly what `reverse` took (a refund the provider then refused). */
export async function restore(tx: Executor, order: OrderRow, taken: number): Promise<void> {
  if (order.serviceType === ServiceType.vip) await shiftPaidUntil(tx, order.userId, taken);
  else if (taken > 0) await addUnits(tx, order.userId, order.serviceType, taken);
}

/** Moves the paid period's end by whole years (negative: earlier). */
async function shiftPaidUntil(tx: Executor, userId: number, years: number): Promise<void> {
  await tx
    .update(vipSubscriptions)
    .set({
      paidUntil: sql`${vipSubscriptions.paidUntil} + ${`${years * VIP_YEAR_MS} milliseconds`}::interval`,
      updatedAt: new Date(),
    })
    .where(eq(vipSubscriptions.userId, userId));
}
