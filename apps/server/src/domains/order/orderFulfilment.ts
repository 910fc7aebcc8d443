import { ServiceType } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { addUnits, balanceOf, takeUnits } from '../service/serviceQueries';
import { addPaidYears, shiftPaidUntil } from '../vip/vipQueries';
import type { OrderRow } from './orderQueries';

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
  const units = await balanceOf(tx, order.userId, order.serviceType, true);
  if (strict && units < order.quantity) throw new ApiError('refundUnitsUsed');
  const taken = Math.min(units, order.quantity);
  if (taken > 0) await takeUnits(tx, order.userId, order.serviceType, taken);
  return taken;
}

/** Gives back exactly what `reverse` took (a refund the provider then refused). */
export async function restore(tx: Executor, order: OrderRow, taken: number): Promise<void> {
  if (order.serviceType === ServiceType.vip) await shiftPaidUntil(tx, order.userId, taken);
  else if (taken > 0) await addUnits(tx, order.userId, order.serviceType, taken);
}
