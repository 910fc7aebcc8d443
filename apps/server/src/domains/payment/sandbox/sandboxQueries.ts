import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { sandboxNotifications, sandboxPayments } from '../../../db/schema';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
export type SandboxNotification = typeof sandboxNotifications.$inferSelect;

/** Opens a payment in the sandbox's books, waiting for the payer on its checkout page. */
export async function openPayment(
  db: Executor,
  payment: Omit<typeof sandboxPayments.$inferInsert, 'status'>,
): Promise<void> {
  await db.insert(sandboxPayments).values({ ...payment, status: 'open' });
}

/** A payment; `forUpdate` holds it to the end of the transaction. */
export async function findPayment(db: Executor, id: string, forUpdate = false): Promise<SandboxPayment | undefined> {
  const query = db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The payer paid. */
export async function markPaymentPaid(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(sandboxPayments).set({ status: 'paid', paidAt: at }).where(eq(sandboxPayments.id, id));
}

/** The payment was declined: nothing taken, the payment stays open. */
export async function markPaymentDeclined(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(sandboxPayments).set({ declinedAt: at }).where(eq(sandboxPayments.id, id));
}

/** Cancels the payment if it is still open. */
export async function cancelOpenPayment(db: Executor, id: string): Promise<void> {
  await db
    .update(sandboxPayments)
    .set({ status: 'cancelled' })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'open')));
}

/** Refunds the payment if it is paid; undefined when it is not. */
export async function refundPaidPayment(db: Executor, id: string, at: Date): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ status: 'refunded', refundedAt: at })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'paid')))
    .returning();
  return row;
}

/** Stores a notification to the merchant, to be sent until taken. */
export async function storeNotification(
  db: Executor,
  notification: { eventId: string; paymentId: string; body: string },
): Promise<void> {
  await db.insert(sandboxNotifications).values(notification);
}

/**
 * Claims up to `batch` notifications due now and not given up (under `maxAttempts` tries),
 * counting the try and holding them for `leaseMs`; one statement, so two instances never claim
 * the same try.
 */
export async function claimDueNotifications(
  db: Executor,
  claim: { batch: number; maxAttempts: number; leaseMs: number },
): Promise<SandboxNotification[]> {
  return db
    .update(sandboxNotifications)
    .set({
      attempts: sql`${sandboxNotifications.attempts} + 1`,
      nextAttemptAt: sql`now() + ${`${claim.leaseMs} milliseconds`}::interval`,
    })
    .where(
      inArray(
        sandboxNotifications.id,
        db
          .select({ id: sandboxNotifications.id })
          .from(sandboxNotifications)
          .where(
            and(
              isNull(sandboxNotifications.deliveredAt),
              lte(sandboxNotifications.nextAttemptAt, sql`now()`),
              sql`${sandboxNotifications.attempts} < ${claim.maxAttempts}`,
            ),
          )
          .orderBy(sandboxNotifications.id)
          .limit(claim.batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** The merchant took the notification. */
export async function markNotificationDelivered(db: Executor, id: number): Promise<void> {
  await db
    .update(sandboxNotifications)
    .set({ deliveredAt: new Date(), lastError: null })
    .where(eq(sandboxNotifications.id, id));
}

/** The merchant did not take it: why not, and when to try again. */
export async function scheduleNotificationRetry(
  db: Executor,
  id: number,
  lastError: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db.update(sandboxNotifications).set({ lastError, nextAttemptAt }).where(eq(sandboxNotifications.id, id));
}
