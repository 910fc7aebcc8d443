import type { LockCredentialKind } from '@smartlock/contract';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lockCredentials, remoteOperations } from '../../db/schema';
import { OPEN_STATES } from '../remoteOperation/remoteOperationQueries';
import { IN_FLIGHT, Status } from './credentialKinds';
import type { NewLockCredential } from './lockCredentialQueries';

/*
 * The database side of credentials' operations: which credentials an operation may take, what
 * its end does to them (lockCredentialOutcome), and a lost card's deletion done in the cloud.
 */

/** A credential of the kind on the lock whose operation is running (its id), if any. */
export async function busyCredentialOfKind(
  db: Executor,
  lockId: number,
  kind: LockCredentialKind,
): Promise<number | undefined> {
  const [busy] = await db
    .select({ id: lockCredentials.id })
    .from(lockCredentials)
    .where(
      and(
        eq(lockCredentials.lockId, lockId),
        eq(lockCredentials.kind, kind),
        inArray(lockCredentials.status, [...IN_FLIGHT]),
      ),
    )
    .limit(1);
  return busy?.id;
}

/** Whether an operation clearing every credential of the kind from the lock has not ended yet. */
export async function clearOfKindRunning(db: Executor, lockId: number, kind: LockCredentialKind): Promise<boolean> {
  const [running] = await db
    .select({ id: remoteOperations.id })
    .from(remoteOperations)
    .where(
      and(
        eq(remoteOperations.lockId, lockId),
        eq(remoteOperations.command, 'clearCredentials'),
        inArray(remoteOperations.state, OPEN_STATES),
        sql`${remoteOperations.params}->>'kind' = ${kind}`,
      ),
    )
    .limit(1);
  return running !== undefined;
}

/**
 * Gives the operation those of the credentials no other operation holds, setting `columns` on
 * them; how many it took.
 */
export async function claimCredentials(
  db: Executor,
  credentialIds: number[],
  operationId: string,
  columns: Partial<NewLockCredential>,
): Promise<number> {
  const taken = await db
    .update(lockCredentials)
    .set({ ...columns, operationId })
    .where(and(inArray(lockCredentials.id, credentialIds), isNull(lockCredentials.operationId)))
    .returning({ id: lockCredentials.id });
  return taken.length;
}

/** Gives the operation every credential of the kind on the lock, except lost ones, that no other operation holds. */
export async function claimCredentialsOfKind(
  db: Executor,
  lockId: number,
  kind: LockCredentialKind,
  operationId: string,
  columns: Partial<NewLockCredential>,
): Promise<void> {
  await db
    .update(lockCredentials)
    .set({ ...columns, operationId })
    .where(
      and(
        eq(lockCredentials.lockId, lockId),
        eq(lockCredentials.kind, kind),
        ne(lockCredentials.status, Status.lost),
        isNull(lockCredentials.operationId),
      ),
    );
}

/** Removes a card reported lost (the lock forgot it already). */
export async function deleteLostCard(db: Executor, credentialId: number): Promise<void> {
  await db
    .delete(lockCredentials)
    .where(and(eq(lockCredentials.id, credentialId), eq(lockCredentials.status, Status.lost)));
}

/** The credential an operation is for, while that operation is still its own. */
const ownedBy = (credentialId: number, operationId: string) =>
  and(eq(lockCredentials.id, credentialId), eq(lockCredentials.operationId, operationId));

/** The validity a change is waiting to give the credential, while that change is still its own. */
export async function pendingValidityOf(db: Executor, credentialId: number, operationId: string) {
  const [credential] = await db
    .select({ pending: lockCredentials.pendingValidity })
    .from(lockCredentials)
    .where(ownedBy(credentialId, operationId));
  return credential?.pending;
}

/** Ends a credential's operation with these columns set, while that operation is still its own. */
export async function endCredentialOperation(
  db: Executor,
  credentialId: number,
  operationId: string,
  columns: Partial<NewLockCredential>,
): Promise<void> {
  await db
    .update(lockCredentials)
    .set({ ...columns, operationId: null })
    .where(ownedBy(credentialId, operationId));
}

/** Removes the credential its operation deleted, while that operation is still its own. */
export async function deleteCredentialOfOperation(db: Executor, credentialId: number, operationId: string) {
  await db.delete(lockCredentials).where(ownedBy(credentialId, operationId));
}

/** Ends a clear for every credential it marked, with these columns set. */
export async function endClearOperation(
  db: Executor,
  operationId: string,
  columns: Partial<NewLockCredential>,
): Promise<void> {
  await db
    .update(lockCredentials)
    .set({ ...columns, operationId: null })
    .where(eq(lockCredentials.operationId, operationId));
}

/** Removes what a clear took from the lock: every credential of the kind it marked, and the lost ones. */
export async function deleteClearedCredentials(
  db: Executor,
  lockId: number,
  kind: string,
  operationId: string,
): Promise<void> {
  await db
    .delete(lockCredentials)
    .where(
      and(
        eq(lockCredentials.lockId, lockId),
        eq(lockCredentials.kind, kind),
        or(eq(lockCredentials.operationId, operationId), eq(lockCredentials.status, Status.lost)),
      ),
    );
}
