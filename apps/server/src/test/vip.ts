import { VipStatus } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { vipSubscriptions } from '../db/schema';

const DAY = 86_400_000;

/**
 * Puts an account's advanced function in a status, as tests need it: on trial (10 days left),
 * open (a year, no plan limit unless given), overdue (ended yesterday) or not open (no row).
 */
export async function setVipStatus(db: Executor, userId: number, status: number, lockLimit: number | null = null) {
  await db.delete(vipSubscriptions).where(eq(vipSubscriptions.userId, userId));
  const now = Date.now();
  if (status === VipStatus.notOpen) return;
  const trial = { trialStartedAt: new Date(now - DAY), trialEndsAt: new Date(now + 10 * DAY) };
  const values =
    status === VipStatus.trial
      ? trial
      : status === VipStatus.open
        ? { paidUntil: new Date(now + 365 * DAY), lockLimit }
        : { trialStartedAt: new Date(now - 11 * DAY), trialEndsAt: new Date(now - DAY) };
  await db.insert(vipSubscriptions).values({ userId, ...values });
}
