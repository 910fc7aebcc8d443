import { PasscodeStatus } from '@smartlock/contract';
import type { OperationOutcome, OperationOutcomes } from '../remoteOperation/operationOutcomes';
import { endPasscodeOperation } from './passcodeQueries';

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
    await endPasscodeOperation(tx, Number(row.params.passcodeId), row.id, {
      status: succeeded ? success : failure,
      ...changed,
    });
  };
}

/** How passcode operations end: the passcode added, changed or deleted, or marked as failed to. */
export const PASSCODE_OPERATION_OUTCOMES: Pick<OperationOutcomes, 'addPasscode' | 'changePasscode' | 'deletePasscode'> =
  {
    addPasscode: passcodeOutcome(PasscodeStatus.normal, PasscodeStatus.addFailed),
    changePasscode: passcodeOutcome(PasscodeStatus.normal, PasscodeStatus.updateFailed),
    deletePasscode: passcodeOutcome(PasscodeStatus.deleted, PasscodeStatus.deleteFailed),
  };
