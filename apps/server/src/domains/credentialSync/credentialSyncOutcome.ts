import { type DeviceCommandResult, MISSING_ON_LOCK } from '@smartlock/contract';
import type { OperationOutcomes } from '../remoteOperation/operationOutcomes';
import {
  knownCredentials,
  knownPasscodes,
  markCredentialsMissing,
  markPasscodesMissing,
  saveSyncReport,
} from './credentialSyncQueries';
import { lockDrift, reportLists } from './lockDrift';

/**
 * How a reconciliation ends: the lock's list compared with what the cloud knows, in the
 * transaction that ends the operation. What the lock lacks is marked to be sent again at once
 * (the retry sweep that follows sends the normal add, pending again); what it holds unknown is
 * reported. Either way, or the lock unread, the report is the lock's last.
 */
export const CREDENTIAL_SYNC_OUTCOMES: Pick<OperationOutcomes, 'listCredentials'> = {
  listCredentials: async (tx, row, succeeded, result) => {
    const checkedAt = new Date();
    const base = { lockId: row.lockId, operationId: row.id, checkedAt };
    if (!succeeded || !result) {
      await saveSyncReport(tx, {
        ...base,
        error: row.error ?? 'rejected',
        missingCount: 0,
        unknownCount: 0,
        missing: [],
        unknown: [],
      });
      return;
    }
    const listed = result as DeviceCommandResult<'listCredentials'>;
    const passcodes = await knownPasscodes(tx, row.lockId);
    const credentials = await knownCredentials(tx, row.lockId);
    const drift = lockDrift(listed, passcodes, credentials);
    await markPasscodesMissing(
      tx,
      drift.missingPasscodes.map((p) => p.id),
      checkedAt,
      MISSING_ON_LOCK,
    );
    await markCredentialsMissing(
      tx,
      drift.missingCredentials.map((c) => c.id),
      checkedAt,
      MISSING_ON_LOCK,
    );
    await saveSyncReport(tx, {
      ...base,
      error: null,
      missingCount: drift.missingPasscodes.length + drift.missingCredentials.length,
      unknownCount: drift.unknown.length,
      ...reportLists(drift),
    });
  },
};
