import { LockRole, VipStatus } from '@smartlock/contract';

/** Whether a lock in the list can be picked for batch unlock: one the user owns, not a car-park lock. */
export function isBatchUnlockable(lock: { role: number; isParkingLock: boolean }): boolean {
  return lock.role === LockRole.owner && !lock.isParkingLock;
}

/** Whether the user has the advanced function batch unlock needs (VIP on trial or open). */
export function hasAdvancedFunction(paidUserStatus: number | undefined): boolean {
  return paidUserStatus === VipStatus.trial || paidUserStatus === VipStatus.open;
}

/** The list parameter of batch unlock: lock ids joined by commas, each once, in the order picked. */
export function lockIdList(lockIds: readonly number[]): string {
  return [...new Set(lockIds)].join(',');
}
