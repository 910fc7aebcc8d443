import { nextCredentialRetryAt } from '@smartlock/contract';
import type { OperationRow } from '../remoteOperation/remoteOperationQueries';

/** A credential row's sync columns (passcodes and lock_credentials alike). */
export interface SyncColumns {
  syncError: string | null;
  syncAttempts: number;
  syncNextAt: Date | null;
  syncOperationId: string | null;
}

/** The operations a retry sends again as they were (a clear of every credential of a kind is not retried). */
const RETRIED = new Set<string>([
  'addPasscode',
  'changePasscode',
  'deletePasscode',
  'addCredential',
  'changeCredential',
  'deleteCredential',
  'reportCardLoss',
]);

/** A credential the owner acted on afresh: no failure, no retry. */
export const SYNC_CLEAR: SyncColumns = { syncError: null, syncAttempts: 0, syncNextAt: null, syncOperationId: null };

/**
 * A credential's sync after its operation ended: cleared on success; on failure its reason, one
 * more failure in a row, and the next try on the schedule (contract: nextCredentialRetryAt),
 * sending the failed operation again, or none (a refusal, or every retry spent).
 */
export function syncAfterEnd(row: OperationRow, succeeded: boolean, failuresBefore: number, now: number): SyncColumns {
  if (succeeded) return SYNC_CLEAR;
  return failedSync(row.error ?? 'rejected', failuresBefore, now, RETRIED.has(row.name), row.id);
}

/**
 * One more failure with this reason, tried again on the schedule when `retried`: by sending
 * `operationId` again, or (none) by adding the credential anew from its row.
 */
export function failedSync(
  error: string,
  failuresBefore: number,
  now: number,
  retried: boolean,
  operationId: string | null,
): SyncColumns {
  const failures = failuresBefore + 1;
  const next = retried ? nextCredentialRetryAt(error, failures, now) : undefined;
  return {
    syncError: error,
    syncAttempts: failures,
    syncNextAt: next === undefined ? null : new Date(next),
    syncOperationId: operationId,
  };
}
