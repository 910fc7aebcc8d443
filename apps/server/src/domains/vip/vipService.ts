import { type DataOf, type vip, vipStateAt } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { Brand } from '../company/brands';
import { administersAnyLock, ownedLockCount } from '../lock/lockQueries';
import { requireLockOwner } from './advancedFunction';
import { beginTrial, periodsOf, subscriptionOf } from './vipQueries';

export type VipInfo = DataOf<typeof vip.getInfo>;

/** The advanced function as its page shows it, and its free trial. */
export class VipService {
  constructor(private readonly db: Db) {}

  async info(userId: number): Promise<VipInfo> {
    const [row, ownedLocks, administers] = await Promise.all([
      subscriptionOf(this.db, userId),
      ownedLockCount(this.db, userId),
      administersAnyLock(this.db, userId),
    ]);
    const state = vipStateAt(periodsOf(row), Date.now());
    return {
      ...state,
      trialEndsAt: row?.trialEndsAt?.getTime() ?? null,
      paidUntil: row?.paidUntil?.getTime() ?? null,
      trialAvailable: !row?.trialStartedAt && !row?.paidUntil,
      lockLimit: row?.paidUntil ? row.lockLimit : null,
      ownedLocks,
      administers,
    };
  }

  /** The 10-day free trial: a lock owner's, once per account, where the brand sells paid services. */
  async startTrial(userId: number, brand: Brand): Promise<VipInfo> {
    if (!brand.hasPaidFeature) throw new ApiError('paidFeaturesUnavailable');
    await requireLockOwner(this.db, userId);
    if (!(await beginTrial(this.db, userId))) throw new ApiError('vipTrialUsed');
    return this.info(userId);
  }
}
