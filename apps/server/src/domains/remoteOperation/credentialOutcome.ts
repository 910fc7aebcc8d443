import { PasscodeStatus } from '@smartlock/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, passcodes } from '../../db/schema';
import { STORED_CREDENTIAL_OUTCOMES } from '../lockCredential/lockCredentialOutcome';
import type { OperationRow } from './remoteOperationPresenter';

/** What a credential becomes when its operation ends, in the transaction that ends it. */
export type CredentialOutcome = (
  tx: Executor,
  row: OperationRow,
  succeeded: boolean,
  result: Record<string, unknown> | undefined,
) => Promise<void>;

/** A passcode's status when its operation succeeds or fails (a change also takes its new digits and validity). */
function passcodeOutcome(success: string, failure: string): CredentialOutcome {
  return async (tx, row, succeeded) => {
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
      .set({ status: succeeded ? success : failure, operationId: null, ...changed })
      .where(and(eq(passcodes.id, Number(row.params.passcodeId)), eq(passcodes.operationId, row.id)));
  };
}

/** Credential operations by device command. */
const OUTCOMES: Record<string, CredentialOutcome> = {
  addPasscode: passcodeOutcome(PasscodeStatus.normal, PasscodeStatus.addFailed),
  changePasscode: passcodeOutcome(PasscodeStatus.normal, PasscodeStatus.updateFailed),
  deletePasscode: passcodeOutcome(PasscodeStatus.deleted, PasscodeStatus.deleteFailed),
  /** An eKey revocation the lock confirmed is remembered, so it is not sent again. */
  revokeEKey: async (tx, row, succeeded) => {
    if (!succeeded) return;
    await tx
      .update(ekeys)
      .set({ lockRevokedBelow: sql`greatest(${ekeys.lockRevokedBelow}, ${Number(row.params.belowVersion)})` })
      .where(eq(ekeys.id, Number(row.params.keyId)));
  },
  ...STORED_CREDENTIAL_OUTCOMES,
};

/**
 * A credential operation's end, in the transaction that ends it: the passcode, card,
 * fingerprint, face, palm vein, QR code or key fob it was for takes its new status (see each
 * outcome); an eKey revocation the lock confirmed is remembered. Other operations change nothing here.
 */
export async function applyCredentialOutcome(
  tx: Executor,
  row: OperationRow,
  succeeded: boolean,
  result?: Record<string, unknown>,
): Promise<void> {
  await OUTCOMES[row.command]?.(tx, row, succeeded, result);
}
