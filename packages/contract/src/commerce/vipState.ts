import { AdvancedFunctionDisplay, VIP_EXPIRES_SOON_DAYS, VipPackageStatus, VipStatus } from '../enums/commerce';
import type { ValueOf } from '../enums/define';

const DAY = 86_400_000;

/** What an account's advanced function rests on: the free trial's end and the paid period's end. */
export interface VipPeriods {
  /** When the free trial ends (ms), or null when it was never started. */
  trialEndsAt: number | null;
  /** When the paid period ends (ms), or null when nothing was ever bought. */
  paidUntil: number | null;
}

export interface VipState {
  /** VipStatus: 0 not open, 1 trial, 2 open, 3 overdue (the user info's paidUserStatus). */
  status: ValueOf<typeof VipStatus>;
  /** VipPackageStatus: the status with "will overdue" for a paid period ending soon. */
  packageStatus: ValueOf<typeof VipPackageStatus>;
  /** How the console shows it. */
  display: ValueOf<typeof AdvancedFunctionDisplay>;
  /** When the function stops (ms): the later of the two ends still ahead, else the last one passed. */
  endsAt: number | null;
}

/**
 * The advanced function at a moment: open while a paid period runs (expiring soon in its last
 * VIP_EXPIRES_SOON_DAYS), on trial while the trial runs, overdue once what the account had has
 * ended, not open when it never had anything. Both sides compute it from the same two dates.
 * Paid years follow a running trial, so a paid end not beyond the trial's is no paid time (all
 * of it was refunded).
 */
export function vipStateAt(periods: VipPeriods, now: number): VipState {
  const { trialEndsAt, paidUntil } = periods;
  if (paidUntil !== null && now < paidUntil && (trialEndsAt === null || paidUntil > trialEndsAt)) {
    const soon = paidUntil - now <= VIP_EXPIRES_SOON_DAYS * DAY;
    return {
      status: VipStatus.open,
      packageStatus: soon ? VipPackageStatus.willOverdue : VipPackageStatus.open,
      display: soon ? AdvancedFunctionDisplay.expiresSoon : AdvancedFunctionDisplay.enabled,
      endsAt: paidUntil,
    };
  }
  if (trialEndsAt !== null && now < trialEndsAt) {
    return {
      status: VipStatus.trial,
      packageStatus: VipPackageStatus.trial,
      display: AdvancedFunctionDisplay.onTrial,
      endsAt: trialEndsAt,
    };
  }
  if (trialEndsAt === null && paidUntil === null) {
    return {
      status: VipStatus.notOpen,
      packageStatus: VipPackageStatus.notOpen,
      display: AdvancedFunctionDisplay.disabled,
      endsAt: null,
    };
  }
  return {
    status: VipStatus.overdue,
    packageStatus: VipPackageStatus.overdue,
    display: AdvancedFunctionDisplay.expired,
    endsAt: Math.max(trialEndsAt ?? 0, paidUntil ?? 0),
  };
}

/** Whether the advanced function works: on trial or paid. */
export function isVipActive(status: number | undefined): boolean {
  return status === VipStatus.trial || status === VipStatus.open;
}
