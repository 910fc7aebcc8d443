import { OrderStatus } from '@smartlock/contract';
import { and, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema';
import { offsetOf } from '../../http/paging';
import type { OrderRow } from './orderFulfilment';

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert): Promise<OrderRow | undefined> {
  const [order] = await db.insert(orders).values(values).returning();
  return order;
}

/** Cancels the order if it still waits for its payment; undefined when it no longer does. */
export async function cancelWaitingOrder(db: Executor, orderId: number): Promise<OrderRow | undefined> {
  const [cancelled] = await db
    .update(orders)
    .set({ status: OrderStatus.cancelled, cancelledAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.created)))
    .returning();
  return cancelled;
}

/** The order, locked for the rest of the transaction. */
export async function lockOrder(tx: Executor, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  return row;
}

/** The customer's refund, with the units it took back. */
export async function markRefunded(tx: Executor, orderId: number, reversed: number): Promise<void> {
  await tx
    .update(orders)
    .set({ status: OrderStatus.refunded, refundedAt: new Date(), refundReason: 'customer', reversed })
    .where(eq(orders.id, orderId));
}

/** A refund the provider refused: the order is paid again. */
export async function undoRefund(tx: Executor, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ status: OrderStatus.paid, refundedAt: null, refundReason: null, reversed: null })
    .where(eq(orders.id, orderId));
}

/** A page of the account's orders (of one status, if given), newest first, and how many there are. */
export async function orderPage(
  db: Executor,
  userId: number,
  query: { pageNo: number; pageSize: number; status?: number | undefined },
) {
  const where: SQL[] = [eq(orders.userId, userId)];
  if (query.status !== undefined) where.push(eq(orders.status, query.status));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(...where))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.pageNo, query.pageSize)),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Marks orders whose payment time has run out overdue (all, or one account's); answers them. */
export async function expireOrders(db: Executor, userId?: number): Promise<{ userId: number; orderNo: string }[]> {
  const where = [eq(orders.status, OrderStatus.created), lte(orders.expiresAt, new Date())];
  if (userId !== undefined) where.push(eq(orders.userId, userId));
  return db
    .update(orders)
    .set({ status: OrderStatus.overdue })
    .where(and(...where))
    .returning({ userId: orders.userId, orderNo: orders.orderNo });
}

/** One of the account's orders. */
export async function findOwnOrder(db: Executor, userId: number, orderNo: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  return order;
}

/** The provider's reference of the order's new checkout. */
export async function setCheckout(db: Executor, orderId: number, providerRef: string): Promise<OrderRow | undefined> {
  const [updated] = await db
    .update(orders)
    .set({ providerRef, declinedAt: null })
    .where(eq(orders.id, orderId))
    .returning();
  return updated;
}
