import type { LockCredentialKind } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { syncAfterEnd } from '../credentialSync/syncColumns';
import type { OperationOutcomes } from '../remoteOperation/operationOutcomes';
import type { OperationRow } from '../remoteOperation/remoteOperationQueries';
import { KINDS, Status } from './credentialKinds';
import {
  deleteClearedCredentials,
  deleteCredentialOfOperation,
  endClearOperation,
  endCredentialOperation,
  pendingValidityOf,
} from './credentialOperationQueries';
import { credentialById } from './lockCredentialQueries';

/** The credential's sync with its lock after the operation: a failure's reason and next retry, or none. */
async function syncOf(tx: Executor, row: OperationRow, succeeded: boolean) {
  const before = await credentialById(tx, Number(row.params.credentialId));
  return syncAfterEnd(row, succeeded, before?.syncAttempts ?? 0, Date.now());
}

/**
 * How cards, fingerprints, faces, palm veins, QR codes and key fobs end their operations, by
 * device command: added (normal, with the palm vein's value from the lock) or add failed;
 * changed (the new validity) or update failed, the old validity kept; deleted (gone from the
 * table; a card reported lost stays, as lost) or delete failed; cleared (every one of the kind
 * the clear marked, and the lost ones, gone) or each marked one delete failed.
 */
export const STORED_CREDENTIAL_OUTCOMES: Pick<
  OperationOutcomes,
  'addCredential' | 'changeCredential' | 'deleteCredential' | 'clearCredentials'
> = {
  addCredential: async (tx, row, succeeded, result) => {
    const value = typeof result?.value === 'string' ? result.value : undefined;
    const fromLock =
      succeeded && value !== undefined && KINDS[row.params.kind as LockCredentialKind]?.number === 'lock'
        ? { value, number: value }
        : {};
    await endCredentialOperation(tx, Number(row.params.credentialId), row.id, {
      status: succeeded ? Status.normal : Status.addFailed,
      ...fromLock,
      ...(await syncOf(tx, row, succeeded)),
    });
  },

  changeCredential: async (tx, row, succeeded) => {
    const credentialId = Number(row.params.credentialId);
    const pending = await pendingValidityOf(tx, credentialId, row.id);
    const validity =
      succeeded && pending
        ? {
            validityType: pending.validityType,
            startDate: pending.startDate === null ? null : new Date(pending.startDate),
            endDate: pending.endDate === null ? null : new Date(pending.endDate),
            cycle: pending.cycle,
          }
        : {};
    const sync = await syncOf(tx, row, succeeded);
    await endCredentialOperation(tx, credentialId, row.id, {
      status: succeeded ? Status.normal : Status.updateFailed,
      // A change to be retried keeps the validity it asks for.
      pendingValidity: sync.syncNextAt ? (pending ?? null) : null,
      ...validity,
      ...sync,
    });
  },

  deleteCredential: async (tx, row, succeeded) => {
    const credentialId = Number(row.params.credentialId);
    if (!succeeded) {
      await endCredentialOperation(tx, credentialId, row.id, {
        status: Status.deleteFailed,
        ...(await syncOf(tx, row, false)),
      });
    } else if (row.name === 'reportCardLoss') {
      await endCredentialOperation(tx, credentialId, row.id, { status: Status.lost, ...(await syncOf(tx, row, true)) });
    } else {
      await deleteCredentialOfOperation(tx, credentialId, row.id);
    }
  },

  clearCredentials: async (tx, row, succeeded) => {
    if (!succeeded) {
      await endClearOperation(tx, row.id, { status: Status.deleteFailed, ...syncAfterEnd(row, false, 0, Date.now()) });
      return;
    }
    await deleteClearedCredentials(tx, row.lockId, String(row.params.kind), row.id);
  },
};
