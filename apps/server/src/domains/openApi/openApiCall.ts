import { errorNameOf, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { ApiError } from '../../http/apiError';
import type { RemoteOperationService } from '../remoteOperation/remoteOperationService';
import type { ActingCaller, ContractCalls } from './contractCalls';
import type { OpenApiParams } from './openApiParams';

/** What a v3 call is made with: the console's calls, and the remote operations to wait on. */
export interface V3Kit {
  calls: ContractCalls;
  operations: Pick<RemoteOperationService, 'waitForEnd'>;
}

export type V3Handler = (params: OpenApiParams, caller: ActingCaller, kit: V3Kit) => Promise<object>;

/** One v3 call: its path after /v3 and how it is translated. */
export interface V3Call {
  path: `/${string}`;
  handle: V3Handler;
}

export const v3 = (path: `/${string}`, handle: V3Handler): V3Call => ({ path, handle });

/** How long past its deadline a remote operation is waited for (the deadline's sweep ends it). */
const DEADLINE_GRACE_MS = 2000;

/**
 * A started remote operation, once it has ended: TTLock's calls answer when the lock has (the
 * console's answer at once and follow the operation live). A failure is its catalogue error.
 */
export async function ended(kit: V3Kit, operation: RemoteOperation): Promise<RemoteOperation> {
  const end = await kit.operations.waitForEnd(
    operation.operationId,
    Math.max(0, operation.deadline - Date.now()) + DEADLINE_GRACE_MS,
  );
  if (end.state === RemoteOperationState.success) return end;
  if (end.state === RemoteOperationState.operating || end.state === RemoteOperationState.wait) {
    throw new ApiError('lockDidNotRespond', {}, 'the operation had not ended by its deadline');
  }
  throw new ApiError(errorNameOf(end.errorCode) ?? 'operationFailed', {}, `operation ${end.name} failed`);
}
