import { EKeyAuthorized, REVOKED_FOR_GOOD } from '@smartlock/contract';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, gatewayLocks, locks } from '../../db/schema';
import type { EKeyValidity } from './ekeyValidity';

/** The columns that raise a key's version and ask the lock to refuse what came before. */
export function revocationColumns(gone: boolean) {
  return {
    version: sql`${ekeys.version} + 1`,
    revokeBelow: gone ? sql`${REVOKED_FOR_GOOD}` : sql`${ekeys.version} + 1`,
    updatedAt: new Date(),
  } as const;
}

/**
 * Makes a key an authorized administrator's: keyRight 1, `senderId` as its sender, remote unlock
 * on, the validity given (and `status`, when given); its version rises, so the lock refuses the
 * old credential.
 */
export async function upgradeToAdministratorKey(
  db: Executor,
  keyId: number,
  change: { senderId: number; validity: EKeyValidity; status?: string | undefined },
): Promise<void> {
  await db
    .update(ekeys)
    .set({
      keyRight: EKeyAuthorized.yes,
      senderId: change.senderId,
      remoteEnable: 1,
      ...change.validity,
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...revocationColumns(false),
    })
    .where(eq(ekeys.id, keyId));
}

/** A key's new validity and status; its version rises, so the lock refuses the old credential. */
export async function changeKeyValidity(
  db: Executor,
  keyId: number,
  validity: EKeyValidity,
  status: string,
): Promise<void> {
  await db
    .update(ekeys)
    .set({ ...validity, status, ...revocationColumns(false) })
    .where(eq(ekeys.id, keyId));
}

/**
 * Keys end for good: those someone holds take `held`, unclaimed ones `unclaimed`; every version
 * is refused at the lock from then on.
 */
export async function endKeys(
  db: Executor,
  ids: number[],
  statuses: { held: string; unclaimed: string },
): Promise<void> {
  await db
    .update(ekeys)
    .set({ status: statuses.held, ...revocationColumns(true) })
    .where(and(inArray(ekeys.id, ids), isNotNull(ekeys.recipientId)));
  await db
    .update(ekeys)
    .set({ status: statuses.unclaimed, ...revocationColumns(true) })
    .where(and(inArray(ekeys.id, ids), isNull(ekeys.recipientId)));
}

/** Of these keys, those whose lock has not confirmed the wanted revocation: the version to refuse below and the lock. */
export async function pendingRevocations(db: Executor, keyIds: readonly number[]) {
  return db
    .select({ keyId: ekeys.id, lock: locks, belowVersion: ekeys.revokeBelow })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .where(and(inArray(ekeys.id, [...keyIds]), gt(ekeys.revokeBelow, ekeys.lockRevokedBelow)));
}

/** Keys (up to 500) on the gateway's locks whose revocation the lock has not confirmed, with their senders. */
export async function pendingRevocationsOnGateway(
  db: Executor,
  gatewayId: number,
): Promise<{ keyId: number; senderId: number }[]> {
  return db
    .select({ keyId: ekeys.id, senderId: ekeys.senderId })
    .from(ekeys)
    .innerJoin(gatewayLocks, eq(gatewayLocks.lockId, ekeys.lockId))
    .where(and(eq(gatewayLocks.gatewayId, gatewayId), gt(ekeys.revokeBelow, ekeys.lockRevokedBelow)))
    .limit(500);
}

/** The lock confirmed it refuses the key's versions below `belowVersion`. */
export async function confirmRevokedBelow(db: Executor, keyId: number, belowVersion: number): Promise<void> {
  await db
    .update(ekeys)
    .set({ lockRevokedBelow: sql`greatest(${ekeys.lockRevokedBelow}, ${belowVersion})` })
    .where(eq(ekeys.id, keyId));
}
