import type { LockCredentialKind } from '@smartlock/contract';
import type { OperationOutcomes } from '../remoteOperation/operationOutcomes';
import { KINDS, Status } from './credentialKinds';
import {
  deleteClearedCredentials,
  deleteCredentialOfOperation,
  endClearOperation,
  endCredentialOperation,
  pendingValidityOf,
} from './credentialOperationQueries';

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
    await endCredentialOperation(tx, credentialId, row.id, {
      status: succeeded ? Status.normal : Status.updateFailed,
      pendingValidity: null,
      ...validity,
    });
  },

  deleteCredential: async (tx, row, succeeded) => {
    const credentialId = Number(row.params.credentialId);
    if (!succeeded) {
      await endCredentialOperation(tx, credentialId, row.id, { status: Status.deleteFailed });
    } else if (row.name === 'reportCardLoss') {
      await endCredentialOperation(tx, credentialId, row.id, { status: Status.lost });
    } else {
      await deleteCredentialOfOperation(tx, credentialId, row.id);
    }
  },

  clearCredentials: async (tx, row, succeeded) => {
    if (!succeeded) {
      await endClearOperation(tx, row.id, { status: Status.deleteFailed });
      return;
    }
    await deleteClearedCredentials(tx, row.lockId, String(row.params.kind), row.id);
  },
};
