import { EKeyAuthorized, LockRole, type Span, ValidityType } from '@smartlock/contract';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { IN_FORCE_EKEY_STATUSES } from '../ekey/ekeyStatus';

export type LockRow = typeof locks.$inferSelect;

/**
 * The one rule of who manages a lock (docs/permissions.md): its owner, or an authorized
 * administrator — the holder of a normal eKey sent with keyRight 1, inside that key's validity.
 * Every lock call that is not the owner's alone admits both through `managedLock`; the owner's
 * own calls add `requireOwner` (or use `ownedLock`). An administrator's own validity caps what
 * they may give (`editorSpan`); the owner's is unbounded.
 */
export interface ManagedLock {
  lock: LockRow;
  role: 'owner' | 'admin';
  /** The administrator's own validity; undefined for the owner or a permanent administrator. */
  editorSpan: Span | undefined;
}

/**
 * The statuses of an administrator eKey that administer: normal, and updating (a new validity
 * waiting for the holder's app; the key stays in force). Frozen, leaving or overdue keys do not.
 */
const ADMINISTERING = IN_FORCE_EKEY_STATUSES;

/**
 * The lock if the caller manages it (owner or authorized administrator), else "no permission" —
 * also for a lock that does not exist, so ids of other accounts' locks cannot be probed.
 */
export async function managedLock(db: Executor, userId: number, lockId: number): Promise<ManagedLock> {
  const [lock] = await db.select().from(locks).where(eq(locks.id, lockId));
  if (!lock) throw new ApiError('noPermission', {}, 'no such lock');
  if (lock.ownerId === userId) return { lock, role: 'owner', editorSpan: undefined };
  const [key] = await db
    .select()
    .from(ekeys)
    .where(
      and(
        eq(ekeys.lockId, lockId),
        eq(ekeys.recipientId, userId),
        eq(ekeys.keyRight, EKeyAuthorized.yes),
        inArray(ekeys.status, [...ADMINISTERING]),
      ),
    );
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

/** The caller's role on a lock they manage, as the contract numbers it (LockRole). */
export function lockRoleOf(lock: Pick<LockRow, 'ownerId'>, userId: number): number {
  return lock.ownerId === userId ? LockRole.owner : LockRole.authorizedAdmin;
}

/**
 * SQL: `locks` (in the query) has an administering administrator eKey held by `userId` that is valid now
 * — the same rule as `managedLock`, for lists.
 */
export function administeredLockCondition(userId: number): SQL {
  return sql`exists (
    select 1 from ${ekeys}
    where ${ekeys.lockId} = ${locks.id} and ${ekeys.recipientId} = ${userId} and ${administeringKey()})`;
}

/** SQL: `ekeys` (in the query) is an administrator key that administers now. */
function administeringKey(): SQL {
  return sql`${ekeys.keyRight} = ${EKeyAuthorized.yes} and ${inArray(ekeys.status, [...ADMINISTERING])}
    and (${ekeys.validityType} = ${ValidityType.permanent}
      or (${ekeys.startDate} <= now() and ${ekeys.endDate} > now()))`;
}

/** The accounts administering a lock now (those `managedLock` admits besides its owner). */
export async function administratorsOf(db: Executor, lockId: number): Promise<number[]> {
  const rows = await db
    .select({ id: ekeys.recipientId })
    .from(ekeys)
    .where(and(eq(ekeys.lockId, lockId), isNotNull(ekeys.recipientId), administeringKey()));
  return rows.map((row) => row.id as number);
}

/** SQL: `locks` (in the query) is one `userId` manages — owns, or administers (as `managedLock`). */
export function managedLockCondition(userId: number): SQL {
  return sql`(${locks.ownerId} = ${userId} or ${administeredLockCondition(userId)})`;
}
