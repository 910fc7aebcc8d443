import { describe, expect, it } from 'vitest';
import { AdvancedFunctionDisplay, VipPackageStatus, VipStatus } from '../enums/commerce';
import { isVipActive, vipStateAt } from './vipState';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12);

describe('the advanced function state', () => {
  it('is not open when the account never had a trial or a paid period', () => {
    expect(vipStateAt({ trialEndsAt: null, paidUntil: null }, NOW)).toEqual({
      status: VipStatus.notOpen,
      packageStatus: VipPackageStatus.notOpen,
      display: AdvancedFunctionDisplay.disabled,
      endsAt: null,
    });
  });

  it('is on trial until the last millisecond of the trial, then overdue', () => {
    const trialEndsAt = NOW + 1;
    expect(vipStateAt({ trialEndsAt, paidUntil: null }, NOW)).toMatchObject({
      status: VipStatus.trial,
      packageStatus: VipPackageStatus.trial,
      display: AdvancedFunctionDisplay.onTrial,
    });
    expect(vipStateAt({ trialEndsAt, paidUntil: null }, trialEndsAt)).toMatchObject({
      status: VipStatus.overdue,
      packageStatus: VipPackageStatus.overdue,
      display: AdvancedFunctionDisplay.expired,
      endsAt: trialEndsAt,
    });
  });

  it('is open while paid, and expires soon in the last 30 days', () => {
    expect(vipStateAt({ trialEndsAt: null, paidUntil: NOW + 30 * DAY + 1 }, NOW)).toMatchObject({
      status: VipStatus.open,
      packageStatus: VipPackageStatus.open,
      display: AdvancedFunctionDisplay.enabled,
    });
    expect(vipStateAt({ trialEndsAt: null, paidUntil: NOW + 30 * DAY }, NOW)).toMatchObject({
      status: VipStatus.open,
      packageStatus: VipPackageStatus.willOverdue,
      display: AdvancedFunctionDisplay.expiresSoon,
    });
  });

  it('prefers a running paid period to a running trial, and ends with the later of both', () => {
    expect(vipStateAt({ trialEndsAt: NOW + DAY, paidUntil: NOW + 400 * DAY }, NOW).status).toBe(VipStatus.open);
    expect(vipStateAt({ trialEndsAt: NOW + DAY, paidUntil: NOW - DAY }, NOW).status).toBe(VipStatus.trial);
    expect(vipStateAt({ trialEndsAt: NOW - 2 * DAY, paidUntil: NOW - DAY }, NOW)).toMatchObject({
      status: VipStatus.overdue,
      endsAt: NOW - DAY,
    });
  });

  it('is on trial, not open, when every paid year after the trial was refunded', () => {
    const trialEndsAt = NOW + DAY;
    expect(vipStateAt({ trialEndsAt, paidUntil: trialEndsAt }, NOW).status).toBe(VipStatus.trial);
    expect(vipStateAt({ trialEndsAt, paidUntil: trialEndsAt + 1 }, NOW).status).toBe(VipStatus.open);
  });

  it('works on trial and when open only', () => {
    expect([0, 1, 2, 3].map(isVipActive)).toEqual([false, true, true, false]);
  });
});
