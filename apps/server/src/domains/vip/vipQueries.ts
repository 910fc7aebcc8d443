import { VIP_TRIAL_DAYS, type VipPeriods, type VipState, vipStateAt } from '@smartlock/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { vipSubscriptions } from '../../db/schema';

const DAY = 86_400_000;
/** A year of the advanced function: 365 days, whatever the calendar. */
export const VIP_YEAR_MS = 365 * DAY;

export type VipRow = typeof vipSubscriptions.$inferSelect;

export function periodsOf(row: VipRow | undefined): VipPeriods {
  return { trialEndsAt: row?.trialEndsAt?.getTime() ?? null, paidUntil: row?.paidUntil?.getTime() ?? null };
}

/** The account's subscription row; `forUpdate` holds it to the end of the transaction. */
export async function subscriptionOf(db: Executor, userId: number, forUpdate = false): Promise<VipRow | undefined> {
  const query = db.select().from(vipSubscriptions).where(eq(vipSubscriptions.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The account's advanced function now (contract `vipStateAt`). */
export async function vipStateOf(db: Executor, userId: number, now = Date.now()): Promise<VipState> {
  return vipStateAt(periodsOf(await subscriptionOf(db, userId)), now);
}

/**
 * Starts the free trial if the account never had one nor paid: true when it started. One
 * statement, so two requests at once start it once.
 */
export async function beginTrial(db: Executor, userId: number, now = Date.now()): Promise<boolean> {
  const start = new Date(now);
  const end = new Date(now + VIP_TRIAL_DAYS * DAY);
  const rows = await db
    .insert(vipSubscriptions)
    .values({ userId, trialStartedAt: start, trialEndsAt: end })
    .onConflictDoUpdate({
      target: vipSubscriptions.userId,
      set: { trialStartedAt: start, trialEndsAt: end, updatedAt: start },
      setWhere: sql`${vipSubscriptions.trialStartedAt} is null and ${vipSubscriptions.paidUntil} is null`,
    })
    .returning({ userId: vipSubscriptions.userId });
  return rows.length > 0;
}

/**
 * Adds paid years: from the end of what the account has now (a running paid period, else a
 * running trial, else now), with the plan's lock count from now on.
 */
export async function addPaidYears(
  db: Executor,
  userId: number,
  years: number,
  lockLimit: number,
  now = Date.now(),
): Promise<void> {
  const row = await subscriptionOf(db, userId, true);
  const from = Math.max(now, row?.paidUntil?.getTime() ?? 0, row?.trialEndsAt?.getTime() ?? 0);
  const paidUntil = new Date(from + years * VIP_YEAR_MS);
  await db
    .insert(vipSubscriptions)
    .values({ userId, paidUntil, lockLimit })
    .onConflictDoUpdate({ target: vipSubscriptions.userId, set: { paidUntil, lockLimit, updatedAt: new Date(now) } });
}

/** Moves the paid period's end by whole years (negative: earlier). */
export async function shiftPaidUntil(db: Executor, userId: number, years: number): Promise<void> {
  await db
    .update(vipSubscriptions)
    .set({
      paidUntil: sql`${vipSubscriptions.paidUntil} + ${`${years * VIP_YEAR_MS} milliseconds`}::interval`,
      updatedAt: new Date(),
    })
    .where(eq(vipSubscriptions.userId, userId));
}
