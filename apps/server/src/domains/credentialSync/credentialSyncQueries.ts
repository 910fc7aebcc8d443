import { LISTED_CREDENTIALS_MAX, PasscodeStatus, PasscodeType } from '@smartlock/contract';
import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { credentialSyncReports, gatewayLocks, lockCredentials, passcodes } from '../../db/schema';
import { Status } from '../lockCredential/credentialKinds';
import type { LockCredentialRow } from '../lockCredential/lockCredentialQueries';
import type { PasscodeRow } from '../passcode/passcodeQueries';
import type { SyncColumns } from './syncColumns';

/** What a claim of due retries takes: those due at `now`, at most `batch`, held for `leaseMs`; on these locks only when given. */
export interface RetryClaim {
  now: Date;
  batch: number;
  leaseMs: number;
  lockIds?: number[] | undefined;
}

/**
 * Claims passcodes whose retry is due, in one statement (FOR UPDATE SKIP LOCKED: each instance
 * takes its own): their next try moves past the lease, so an instance that stops midway leaves
 * them to another once it ends. None an operation holds.
 */
export function claimDuePasscodes(db: Executor, claim: RetryClaim): Promise<PasscodeRow[]> {
  return db
    .update(passcodes)
    .set({ syncNextAt: new Date(claim.now.getTime() + claim.leaseMs) })
    .where(
      inArray(
        passcodes.id,
        db
          .select({ id: passcodes.id })
          .from(passcodes)
          .where(
            and(
              lte(passcodes.syncNextAt, claim.now),
              isNull(passcodes.operationId),
              claim.lockIds ? inArray(passcodes.lockId, claim.lockIds) : undefined,
            ),
          )
          .orderBy(passcodes.syncNextAt)
          .limit(claim.batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** Claims cards, fingerprints, faces, palm veins, QR codes and key fobs whose retry is due, as claimDuePasscodes. */
export function claimDueCredentials(db: Executor, claim: RetryClaim): Promise<LockCredentialRow[]> {
  return db
    .update(lockCredentials)
    .set({ syncNextAt: new Date(claim.now.getTime() + claim.leaseMs) })
    .where(
      inArray(
        lockCredentials.id,
        db
          .select({ id: lockCredentials.id })
          .from(lockCredentials)
          .where(
            and(
              lte(lockCredentials.syncNextAt, claim.now),
              isNull(lockCredentials.operationId),
              claim.lockIds ? inArray(lockCredentials.lockId, claim.lockIds) : undefined,
            ),
          )
          .orderBy(lockCredentials.syncNextAt)
          .limit(claim.batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** The locks a gateway reaches whose credentials wait for a retry: their retries are due now. */
export async function retriesDueOnGateway(db: Executor, gatewayId: number, now: Date): Promise<number[]> {
  const reached = db
    .select({ lockId: gatewayLocks.lockId })
    .from(gatewayLocks)
    .where(eq(gatewayLocks.gatewayId, gatewayId));
  const [codes, stored] = await Promise.all([
    db
      .update(passcodes)
      .set({ syncNextAt: now })
      .where(and(isNotNull(passcodes.syncNextAt), isNull(passcodes.operationId), inArray(passcodes.lockId, reached)))
      .returning({ lockId: passcodes.lockId }),
    db
      .update(lockCredentials)
      .set({ syncNextAt: now })
      .where(
        and(
          isNotNull(lockCredentials.syncNextAt),
          isNull(lockCredentials.operationId),
          inArray(lockCredentials.lockId, reached),
        ),
      )
      .returning({ lockId: lockCredentials.lockId }),
  ]);
  return [...new Set([...codes, ...stored].map((r) => r.lockId))];
}

/** A passcode a retry now sends to its lock, unless an operation took it meanwhile; whether it did. */
export async function startPasscodeRetry(db: Executor, passcodeId: number, operationId: string, status: string) {
  const taken = await db
    .update(passcodes)
    .set({ status, operationId, syncNextAt: null })
    .where(
      and(eq(passcodes.id, passcodeId), isNull(passcodes.operationId), ne(passcodes.status, PasscodeStatus.deleted)),
    )
    .returning({ id: passcodes.id });
  return taken.length === 1;
}

/** A stored credential a retry now sends to its lock, unless an operation took it meanwhile; whether it did. */
export async function startCredentialRetry(db: Executor, credentialId: number, operationId: string, status: number) {
  const taken = await db
    .update(lockCredentials)
    .set({ status, operationId, syncNextAt: null })
    .where(and(eq(lockCredentials.id, credentialId), isNull(lockCredentials.operationId)))
    .returning({ id: lockCredentials.id });
  return taken.length === 1;
}

/** A passcode's retry that could not be sent: its failed status and sync (while no operation holds it). */
export async function failPasscodeRetry(db: Executor, passcodeId: number, values: SyncColumns & { status: string }) {
  await db
    .update(passcodes)
    .set(values)
    .where(and(eq(passcodes.id, passcodeId), isNull(passcodes.operationId)));
}

/** A stored credential's retry that could not be sent, as failPasscodeRetry. */
export async function failCredentialRetry(
  db: Executor,
  credentialId: number,
  values: SyncColumns & { status: number },
) {
  await db
    .update(lockCredentials)
    .set(values)
    .where(and(eq(lockCredentials.id, credentialId), isNull(lockCredentials.operationId)));
}

/** The custom passcodes of a lock the cloud knows (none deleted): what the lock should hold. */
export function knownPasscodes(db: Executor, lockId: number) {
  return db
    .select()
    .from(passcodes)
    .where(
      and(
        eq(passcodes.lockId, lockId),
        eq(passcodes.type, PasscodeType.custom),
        ne(passcodes.status, PasscodeStatus.deleted),
      ),
    )
    .limit(LISTED_CREDENTIALS_MAX);
}

/** The stored credentials of a lock the cloud knows (no lost card): what the lock should hold. */
export function knownCredentials(db: Executor, lockId: number) {
  return db
    .select()
    .from(lockCredentials)
    .where(and(eq(lockCredentials.lockId, lockId), ne(lockCredentials.status, Status.lost)))
    .limit(LISTED_CREDENTIALS_MAX);
}

/** Passcodes the lock lacks: sent again now (their retry due at `now`), the reason kept. */
export async function markPasscodesMissing(db: Executor, ids: number[], now: Date, syncError: string) {
  if (ids.length === 0) return;
  await db
    .update(passcodes)
    .set({ syncError, syncAttempts: 0, syncNextAt: now, syncOperationId: null })
    .where(and(inArray(passcodes.id, ids), isNull(passcodes.operationId)));
}

/** Stored credentials the lock lacks: sent again now, as markPasscodesMissing. */
export async function markCredentialsMissing(db: Executor, ids: number[], now: Date, syncError: string) {
  if (ids.length === 0) return;
  await db
    .update(lockCredentials)
    .set({ syncError, syncAttempts: 0, syncNextAt: now, syncOperationId: null })
    .where(and(inArray(lockCredentials.id, ids), isNull(lockCredentials.operationId)));
}

export type SyncReportRow = typeof credentialSyncReports.$inferSelect;

/** Keeps a lock's last reconciliation (replacing the one before). */
export async function saveSyncReport(db: Executor, report: SyncReportRow): Promise<void> {
  const { lockId: _lockId, ...rest } = report;
  await db.insert(credentialSyncReports).values(report).onConflictDoUpdate({
    target: credentialSyncReports.lockId,
    set: rest,
  });
}

export async function syncReportOf(db: Executor, lockId: number): Promise<SyncReportRow | undefined> {
  const [row] = await db.select().from(credentialSyncReports).where(eq(credentialSyncReports.lockId, lockId));
  return row;
}

/** A lock's passcodes and stored credentials counted by status, and by whether a retry waits. */
export async function syncStatusCounts(db: Executor, lockId: number) {
  const retrying = sql<boolean>`sync_next_at is not null`;
  const [codes, stored] = await Promise.all([
    db
      .select({ status: passcodes.status, retrying, n: sql<number>`count(*)::int` })
      .from(passcodes)
      .where(and(eq(passcodes.lockId, lockId), ne(passcodes.status, PasscodeStatus.deleted)))
      .groupBy(passcodes.status, retrying),
    db
      .select({ status: lockCredentials.status, retrying, n: sql<number>`count(*)::int` })
      .from(lockCredentials)
      .where(eq(lockCredentials.lockId, lockId))
      .groupBy(lockCredentials.status, retrying),
  ]);
  return { codes, stored };
}
