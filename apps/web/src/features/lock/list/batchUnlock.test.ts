import { LockRole, VipStatus } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { batchSummary, hasAdvancedFunction, isBatchUnlockable, listOf, lockIdList } from './batchUnlock';

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
  it('names the locks that opened and those that did not, with why, once every one has ended', () => {
    const running = batchSummary([
      { lockId: 1, name: 'Front door', state: 'unlocked' },
      { lockId: 2, name: 'Back door', state: 'underWay' },
    ]);
    expect(running).toMatchObject({ done: false, tone: 'info', unlocked: ['Front door'], underWay: ['Back door'] });
    const mixed = batchSummary([
      { lockId: 1, name: 'Front door', state: 'unlocked' },
      { lockId: 2, name: 'Back door', state: 'failed', reason: 'Remote unlock is off.' },
      { lockId: 3, name: 'Garage', state: 'unlocked' },
    ]);
    expect(mixed).toEqual({
      unlocked: ['Front door', 'Garage'],
      failed: [{ name: 'Back door', reason: 'Remote unlock is off.' }],
      underWay: [],
      done: true,
      tone: 'warning',
    });
    expect(batchSummary([{ lockId: 2, name: 'Back door', state: 'failed', reason: 'x' }]).tone).toBe('error');
    expect(batchSummary([{ lockId: 1, name: 'Front door', state: 'unlocked' }]).tone).toBe('success');
  });
  it('lists names as the language does', () => {
    expect(listOf(['Front door', 'Back door', 'Garage'], 'en_US')).toBe('Front door, Back door, and Garage');
    expect(listOf(['Eingang', 'Garage'], 'de_DE')).toBe('Eingang und Garage');
  });
});
