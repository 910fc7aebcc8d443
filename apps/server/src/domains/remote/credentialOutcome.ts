import { PasscodeStatus } from '@smartlock/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, passcodes } from '../../db/schema';
import type { OperationRow } from './operationPresenter';

/** What a passcode becomes when its operation succeeds or fails. */
const PASSCODE_OUTCOME: Record<string, { success: string; failure: string }> = {
  addPasscode: { success: PasscodeStatus.normal, failure: PasscodeStatus.addFailed },
  changePasscode: { success: PasscodeStatus.normal, failure: PasscodeStatus.updateFailed },
  deletePasscode: { success: PasscodeStatus.deleted, failure: PasscodeStatus.deleteFailed },
};

/**
 * A credential operation's end, in the transaction that ends it: the passcode it was for takes
 * its new status (and, for a change, its new digits and validity); an eKey revocation the lock
 * confirmed is remembered so it is not sent again.
 */
export async function applyCredentialOutcome(tx: Executor, row: OperationRow, succeeded: boolean): Promise<void> {
  const outcome = PASSCODE_OUTCOME[row.command];
  if (outcome) {
    const passcodeId = Number(row.params.passcodeId);
    const changed =
      succeeded && row.command === 'changePasscode'
        ? {
            code: String(row.params.code),
            startDate: typeof row.params.startDate === 'number' ? new Date(row.params.startDate) : null,
            endDate: typeof row.params.endDate === 'number' ? new Date(row.params.endDate) : null,
          }
        : {};
    await tx
      .update(passcodes)
      .set({ status: succeeded ? outcome.success : outcome.failure, operationId: null, ...changed })
      .where(and(eq(passcodes.id, passcodeId), eq(passcodes.operationId, row.id)));
    return;
  }
  if (row.command === 'revokeEKey' && succeeded) {
    const keyId = Number(row.params.keyId);
    const below = Number(row.params.belowVersion);
    await tx
      .update(ekeys)
      .set({ lockRevokedBelow: sql`greatest(${ekeys.lockRevokedBelow}, ${below})` })
      .where(eq(ekeys.id, keyId));
  }
}
