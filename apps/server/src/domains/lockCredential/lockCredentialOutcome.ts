import type { LockCredentialKind } from '@smartlock/contract';
import { and, eq, or } from 'drizzle-orm';
import { lockCredentials } from '../../db/schema';
import type { OperationOutcomes } from '../remoteOperation/operationOutcomes';
import { KINDS, Status } from './credentialKinds';

/** The credential an operation is for, while that operation is still its own. */
const ownedBy = (credentialId: unknown, operationId: string) =>
  and(eq(lockCredentials.id, Number(credentialId)), eq(lockCredentials.operationId, operationId));

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
    await tx
      .update(lockCredentials)
      .set({ status: succeeded ? Status.normal : Status.addFailed, operationId: null, ...fromLock })
      .where(ownedBy(row.params.credentialId, row.id));
  },

  changeCredential: async (tx, row, succeeded) => {
    const [credential] = await tx
      .select({ pending: lockCredentials.pendingValidity })
      .from(lockCredentials)
      .where(ownedBy(row.params.credentialId, row.id));
    const pending = credential?.pending;
    const validity =
      succeeded && pending
        ? {
            validityType: pending.validityType,
            startDate: pending.startDate === null ? null : new Date(pending.startDate),
            endDate: pending.endDate === null ? null : new Date(pending.endDate),
            cycle: pending.cycle,
          }
        : {};
    await tx
      .update(lockCredentials)
      .set({
        status: succeeded ? Status.normal : Status.updateFailed,
        operationId: null,
        pendingValidity: null,
        ...validity,
      })
      .where(ownedBy(row.params.credentialId, row.id));
  },

  deleteCredential: async (tx, row, succeeded) => {
    const target = ownedBy(row.params.credentialId, row.id);
    if (!succeeded) {
      await tx.update(lockCredentials).set({ status: Status.deleteFailed, operationId: null }).where(target);
    } else if (row.name === 'reportCardLoss') {
      await tx.update(lockCredentials).set({ status: Status.lost, operationId: null }).where(target);
    } else {
      await tx.delete(lockCredentials).where(target);
    }
  },

  clearCredentials: async (tx, row, succeeded) => {
    if (!succeeded) {
      await tx
        .update(lockCredentials)
        .set({ status: Status.deleteFailed, operationId: null })
        .where(eq(lockCredentials.operationId, row.id));
      return;
    }
    await tx
      .delete(lockCredentials)
      .where(
        and(
          eq(lockCredentials.lockId, row.lockId),
          eq(lockCredentials.kind, String(row.params.kind)),
          or(eq(lockCredentials.operationId, row.id), eq(lockCredentials.status, Status.lost)),
        ),
      );
  },
};
