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

/** How one lock of a batch unlock went: unlocked, not unlocked (and why), or still under way. */
export type BatchOutcome =
  | { lockId: number; name: string; state: 'unlocked' }
  | { lockId: number; name: string; state: 'failed'; reason: string }
  | { lockId: number; name: string; state: 'underWay' };

export interface BatchSummary {
  unlocked: string[];
  failed: { name: string; reason: string }[];
  underWay: string[];
  /** Every lock has its end. */
  done: boolean;
  tone: 'success' | 'warning' | 'error' | 'info';
}

/** A batch unlock's result by lock name: which opened, which did not (with why), which are still under way. */
export function batchSummary(outcomes: readonly BatchOutcome[]): BatchSummary {
  const unlocked = outcomes.filter((o) => o.state === 'unlocked').map((o) => o.name);
  const failed = outcomes.flatMap((o) => (o.state === 'failed' ? [{ name: o.name, reason: o.reason }] : []));
  const underWay = outcomes.filter((o) => o.state === 'underWay').map((o) => o.name);
  const done = underWay.length === 0;
  const tone = !done ? 'info' : failed.length === 0 ? 'success' : unlocked.length === 0 ? 'error' : 'warning';
  return { unlocked, failed, underWay, done, tone };
}

/** Names as the language lists them ("A, B and C"; "A、B、C"). */
export function listOf(names: readonly string[], language: string): string {
  return new Intl.ListFormat(language.replace('_', '-'), { style: 'long', type: 'conjunction' }).format(names);
}
