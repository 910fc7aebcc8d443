import type { OperationOutcomes } from '../remoteOperation/operationOutcomes';
import { confirmRevokedBelow } from './ekeyRevocationQueries';

/** How an eKey revocation ends: one the lock confirmed is remembered, so it is not sent again. */
export const EKEY_OPERATION_OUTCOMES: Pick<OperationOutcomes, 'revokeEKey'> = {
  revokeEKey: async (tx, row, succeeded) => {
    if (!succeeded) return;
    await confirmRevokedBelow(tx, Number(row.params.keyId), Number(row.params.belowVersion));
  },
};
