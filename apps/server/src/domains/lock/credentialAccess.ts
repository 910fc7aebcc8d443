import { EKeyAuthorized, EKeyStatus, type Span, ValidityType } from '@smartlock/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import type { LockRow } from './lockAccess';

/**
 * Who may manage a lock's credentials: its owner, or an authorized administrator (the holder of
 * a normal eKey sent with keyRight 1, inside that key's validity). An administrator's own
 * validity caps what they may give (`editorSpan`); the owner's is unbounded.
 */
export interface CredentialManager {
  lock: LockRow;
  role: 'owner' | 'admin';
  /** The administrator's own validity; undefined for the owner or a permanent administrator. */
  editorSpan: Span | undefined;
}

/** The caller as a manager of the lock's credentials, else "no permission" (also for a lock that does not exist). */
export async function credentialManager(db: Executor, userId: number, lockId: number): Promise<CredentialManager> {
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
        eq(ekeys.status, EKeyStatus.normal),
      ),
    );
  if (!key) throw new ApiError('noPermission', {}, 'neither owner nor authorized administrator');
  if (key.validityType === ValidityType.permanent) return { lock, role: 'admin', editorSpan: undefined };
  const span = { start: key.startDate?.getTime() ?? 0, end: key.endDate?.getTime() ?? 0 };
  const now = Date.now();
  if (now < span.start || now >= span.end) throw new ApiError('noPermission', {}, 'administrator key not valid now');
  return { lock, role: 'admin', editorSpan: span };
}

/** The owner only (advanced eKey actions: delete all, reset). */
export function requireOwner(manager: CredentialManager): void {
  if (manager.role !== 'owner') throw new ApiError('noPermission', {}, 'owner only');
}

/**
 * SQL: the lock (`locks` in the query) is one whose credentials `userId` manages — the owner's,
 * or one the user holds a normal administrator eKey for that is valid now (as credentialManager).
 */
export function managedLockCondition(userId: number): SQL {
  return sql`(${locks.ownerId} = ${userId} or exists (
    select 1 from ${ekeys}
    where ${ekeys.lockId} = ${locks.id} and ${ekeys.recipientId} = ${userId}
      and ${ekeys.keyRight} = ${EKeyAuthorized.yes} and ${ekeys.status} = ${EKeyStatus.normal}
      and (${ekeys.validityType} = ${ValidityType.permanent}
        or (${ekeys.startDate} <= now() and ${ekeys.endDate} > now()))))`;
}
