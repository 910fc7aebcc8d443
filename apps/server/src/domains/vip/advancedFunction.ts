import { isVipActive, VipStatus, vipStateAt } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { ownedLockCount } from '../lock/lockQueries';
import { periodsOf, subscriptionOf } from './vipQueries';

/**
 * The advanced (VIP) function, on trial or paid: templates, batch unlock and the exports need it
 * (spec section 1), else advancedFunctionRequired. A paid plan covers a number of locks: an
 * owner with more is asked to choose a larger plan (advancedFunctionLockLimit).
 */
export async function requireAdvancedFunction(db: Executor, userId: number): Promise<void> {
  const row = await subscriptionOf(db, userId);
  const state = vipStateAt(periodsOf(row), Date.now());
  if (!isVipActive(state.status)) throw new ApiError('advancedFunctionRequired');
  if (state.status === VipStatus.open && row?.lockLimit != null) {
    const locks = await ownedLockCount(db, userId);
    if (locks > row.lockLimit) throw new ApiError('advancedFunctionLockLimit', { count: row.lockLimit, locks });
  }
}

/** Only a lock owner may enable the advanced function and write templates (spec section 6). */
export async function requireLockOwner(db: Executor, userId: number): Promise<number> {
  const locks = await ownedLockCount(db, userId);
  if (locks === 0) throw new ApiError('advancedFunctionOwnerOnly');
  return locks;
}
