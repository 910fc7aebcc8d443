import { eq, sql } from 'drizzle-orm';
import { ekeys } from '../../db/schema';
import type { OperationOutcomes } from '../remoteOperation/operationOutcomes';

/** How an eKey revocation ends: one the lock confirmed is remembered, so it is not sent again. */
export const EKEY_OPERATION_OUTCOMES: Pick<OperationOutcomes, 'revokeEKey'> = {
  revokeEKey: async (tx, row, succeeded) => {
    if (!succeeded) return;
    await tx
      .update(ekeys)
      .set({ lockRevokedBelow: sql`greatest(${ekeys.lockRevokedBelow}, ${Number(row.params.belowVersion)})` })
      .where(eq(ekeys.id, Number(row.params.keyId)));
  },
};
