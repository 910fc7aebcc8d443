import { type Span, ValidityType } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { administratorKeyOf, findLockById, type LockRow } from './lockQueries';
import { outsideLockSubset } from './lockSubset';

/**
 * The one rule of who manages a lock (docs/permissions.md): its owner, or an authorized
 * administrator — the holder of a normal eKey sent with keyRight 1, inside that key's validity.
 * Every lock call that is not the owner's alone admits both through `managedLock`; the owner's
 * own calls add `requireOwner` (or use `ownedLock`). An administrator's own validity caps what
 * they may give (`editorSpan`); the owner's is unbounded. Lists apply the same rule in SQL
 * (`managedLockCondition` in lockQueries.ts).
 */
export interface ManagedLock {
  lock: LockRow;
  role: 'owner' | 'admin';
  /** The administrator's own validity; undefined for the owner or a permanent administrator. */
  editorSpan: Span | undefined;
}

/**
 * The lock if the caller manages it (owner or authorized administrator), else "no permission" —
 * also for a lock that does not exist, so ids of other accounts' locks cannot be probed.
 */
export async function managedLock(db: Executor, userId: number, lockId: number): Promise<ManagedLock> {
  if (outsideLockSubset(lockId)) throw new ApiError('noPermission', {}, "outside the call's lock subset");
  const lock = await findLockById(db, lockId);
  if (!lock) throw new ApiError('noPermission', {}, 'no such lock');
  if (lock.ownerId === userId) return { lock, role: 'owner', editorSpan: undefined };
  const key = await administratorKeyOf(db, lockId, userId);
  if (!key) throw new ApiError('noPermission', {}, 'neither owner nor authorized administrator');
  if (key.validityType === ValidityType.permanent) return { lock, role: 'admin', editorSpan: undefined };
  const span = { start: key.startDate?.getTime() ?? 0, end: key.endDate?.getTime() ?? 0 };
  const now = Date.now();
  if (now < span.start || now >= span.end) throw new ApiError('noPermission', {}, 'administrator key not valid now');
  return { lock, role: 'admin', editorSpan: span };
}

/** The owner only (transfer, hotel placement, deleting or resetting every eKey...). */
export function requireOwner(manager: ManagedLock): void {
  if (manager.role !== 'owner') throw new ApiError('noPermission', {}, 'owner only');
}

/** The lock if the caller owns it, else "no permission" (an administrator too). */
export async function ownedLock(db: Executor, userId: number, lockId: number): Promise<LockRow> {
  const manager = await managedLock(db, userId, lockId);
  requireOwner(manager);
  return manager.lock;
}
