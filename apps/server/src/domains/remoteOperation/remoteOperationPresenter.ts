import { ERRORS, type ErrorName, type RemoteOperation, type RemoteOperationName } from '@smartlock/contract';
import type { OperationRow } from './remoteOperationQueries';

/** The catalogue error a console shows for why an operation failed. */
const ERROR_OF: Record<string, ErrorName> = {
  timeout: 'lockDidNotRespond',
  expired: 'lockDidNotRespond',
  lockBusy: 'lockDidNotRespond',
  rejected: 'lockRejectedOperation',
  unsupported: 'operationNotSupported',
  remoteUnlockDisabled: 'remoteUnlockNotEnabled',
  lockOutOfRange: 'lockNotConnectedToGateway',
  unknownLock: 'lockNotConnectedToGateway',
  gatewayOffline: 'lockNotConnectedToGateway',
  linkDown: 'lockNotConnectedToGateway',
};

export function errorNameOf(error: string | null): ErrorName | undefined {
  if (!error) return undefined;
  return ERROR_OF[error] ?? 'operationFailed';
}

export function presentOperation(row: OperationRow): RemoteOperation {
  const errorName = errorNameOf(row.error);
  return {
    operationId: row.id,
    lockId: row.lockId,
    name: row.name as RemoteOperationName,
    state: row.state,
    errorCode: errorName ? ERRORS[errorName].code : 0,
    result: row.result ?? null,
    createdAt: row.createdAt.getTime(),
    deadline: row.deadline.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}

/** The result as the API shows it: clock reads carry the server's time and the drift. */
export function presentedResult(command: string, result: Record<string, unknown>, receivedAt: number) {
  if (command === 'queryClock' || command === 'setClock') {
    const lockTime = Number(result.lockTime);
    return { lockTime, serverTime: receivedAt, driftMs: lockTime - receivedAt };
  }
  return result;
}
