import { PasscodeStatus } from '@smartlock/contract';
import { syncAfterEnd } from '../credentialSync/syncColumns';
import type { OperationOutcome, OperationOutcomes } from '../remoteOperation/operationOutcomes';
import { endPasscodeOperation, passcodeById } from './passcodeQueries';

/**
 * A passcode's status when its operation succeeds or fails (a change also takes its new digits
 * and validity), with its sync with the lock: a failure's reason and next retry, or none.
 */
function passcodeOutcome(success: string, failure: string): OperationOutcome {
  return async (tx, row, succeeded) => {
    const passcodeId = Number(row.params.passcodeId);
    const changed =
      succeeded && row.command === 'changePasscode'
        ? {
            code: String(row.params.code),
            startDate: typeof row.params.startDate === 'number' ? new Date(row.params.startDate) : null,
            endDate: typeof row.params.endDate === 'number' ? new Date(row.params.endDate) : null,
          }
        : {};
    const before = await passcodeById(tx, passcodeId);
    await endPasscodeOperation(tx, passcodeId, row.id, {
      status: succeeded ? success : failure,
      ...changed,
      ...syncAfterEnd(row, succeeded, before?.syncAttempts ?? 0, Date.now()),
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
