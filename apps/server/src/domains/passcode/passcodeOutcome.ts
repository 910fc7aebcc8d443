import { PasscodeStatus } from '@smartlock/contract';
import { and, eq } from 'drizzle-orm';
import { passcodes } from '../../db/schema';
import type { OperationOutcome, OperationOutcomes } from '../remoteOperation/operationOutcomes';

/** A passcode's status when its operation succeeds or fails (a change also takes its new digits and validity). */
function passcodeOutcome(success: string, failure: string): OperationOutcome {
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

/** How passcode operations end: the passcode added, changed or deleted, or marked as failed to. */
export const PASSCODE_OPERATION_OUTCOMES: Pick<OperationOutcomes, 'addPasscode' | 'changePasscode' | 'deletePasscode'> =
  {
    addPasscode: passcodeOutcome(PasscodeStatus.normal, PasscodeStatus.addFailed),
    changePasscode: passcodeOutcome(PasscodeStatus.normal, PasscodeStatus.updateFailed),
    deletePasscode: passcodeOutcome(PasscodeStatus.deleted, PasscodeStatus.deleteFailed),
  };
