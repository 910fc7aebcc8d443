import { type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { failureKey, isFinal } from '../remoteOperation/operationView';

/** What an unlock by link came to: unlocked, or the message key of why not. */
export type UnlockOutcome = { ok: true } | { ok: false; messageKey: string };

/**
 * The ended operation the cloud answers with → success, the catalogue reason it failed, or
 * "did not answer in time" when its deadline passed before it ended.
 */
export function unlockOutcome(operation: RemoteOperation): UnlockOutcome {
  if (operation.state === RemoteOperationState.success) return { ok: true };
  if (!isFinal(operation)) return { ok: false, messageKey: 'remote.phase.timedOut' };
  return { ok: false, messageKey: failureKey(operation.errorCode) };
}
