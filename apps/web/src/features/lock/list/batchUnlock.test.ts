import { LockRole, VipStatus } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { hasAdvancedFunction, isBatchUnlockable, lockIdList } from './batchUnlock';

describe('batch unlock', () => {
  it('lets the owner pick door locks only', () => {
    expect(isBatchUnlockable({ role: LockRole.owner, isParkingLock: false })).toBe(true);
    expect(isBatchUnlockable({ role: LockRole.owner, isParkingLock: true })).toBe(false);
    expect(isBatchUnlockable({ role: LockRole.authorizedAdmin, isParkingLock: false })).toBe(false);
  });
  it('needs the advanced function: VIP trial or open', () => {
    expect(hasAdvancedFunction(VipStatus.trial)).toBe(true);
    expect(hasAdvancedFunction(VipStatus.open)).toBe(true);
    expect(hasAdvancedFunction(VipStatus.notOpen)).toBe(false);
    expect(hasAdvancedFunction(VipStatus.overdue)).toBe(false);
    expect(hasAdvancedFunction(undefined)).toBe(false);
  });
  it('joins the picked lock ids once each', () => {
    expect(lockIdList([3, 1, 3, 2])).toBe('3,1,2');
  });
});
