import { OrderStatus } from '@smartlock/contract';
import { and, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, paymentEvents } from '../../db/schema';
import { offsetOf } from '../../http/paging';

export type OrderRow = typeof orders.$inferSelect;

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert): Promise<OrderRow | undefined> {
  const [order] = await db.insert(orders).values(values).returning();
  return order;
}

/** Cancels the order if it still waits for its payment; undefined when it no longer does. */
export async function cancelWaitingOrder(
  db: Executor,
  orderId: number,
  at = new Date(),
): Promise<OrderRow | undefined> {
  const [cancelled] = await db
    .update(orders)
    .set({ status: OrderStatus.cancelled, cancelledAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.created)))
    .returning();
  return cancelled;
}

/** The order, locked for the rest of the transaction. */
export async function lockOrder(tx: Executor, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  return row;
}

/**
 * A provider's notification, stored once: true the first time it arrives, false when it was
 * already applied (stored in the transaction that applies it).
 */
export async function recordPaymentEvent(
  tx: Executor,
  event: { provider: string; eventId: string; orderId: number; kind: string },
): Promise<boolean> {
  const fresh = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return fresh.length > 0;
}

/** The order's payment arrived in time: paid by this checkout, any earlier decline forgotten. */
export async function markPaid(tx: Executor, orderId: number, paidAt: Date, providerRef: string): Promise<void> {
  await tx
    .update(orders)
    .set({ status: OrderStatus.paid, paidAt, providerRef, declinedAt: null })
    .where(eq(orders.id, orderId));
}

/** The current checkout's payment was declined; the order still waits for one. */
export async function markDeclined(tx: Executor, orderId: number, at: Date): Promise<void> {
  await tx.update(orders).set({ declinedAt: at }).where(eq(orders.id, orderId));
}

/**
 * The order refunded: asked by the customer, refunded at the provider, or paid too late (with
 * the late payment's reference); with the units (or years) it took back.
 */
export async function markRefunded(
  tx: Executor,
  orderId: number,
  refund: { reason: 'customer' | 'provider' | 'late'; reversed: number; at?: Date; providerRef?: string },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      status: OrderStatus.refunded,
      refundedAt: refund.at ?? new Date(),
      refundReason: refund.reason,
      reversed: refund.reversed,
      ...(refund.providerRef === undefined ? {} : { providerRef: refund.providerRef }),
    })
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
