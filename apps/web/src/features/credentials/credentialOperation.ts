import { type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { errorCodeKey } from '../../api/failureMessage';

/** A change to a credential that goes through the lock's gateway, as far as the console has followed it. */
export interface FollowedOperation {
  operation: RemoteOperation;
  /** Its deadline and grace passed with no end heard: shown as failed. */
  timedOut: boolean;
}

export type CredentialOperationPhase = 'operating' | 'waiting' | 'success' | 'failed' | 'noRetry' | 'timedOut';

export interface CredentialOperationView {
  phase: CredentialOperationPhase;
  /** Still under way: a spinner, and the same credential waits. */
  busy: boolean;
  tone: 'info' | 'success' | 'error';
  /** What to say as an i18n key; none on success, where the screen says what succeeded. */
  detailKey?: string;
  /** A second line, as an i18n key. */
  hint?: string;
}

/** What the console shows while a credential change travels to the lock, and once it has ended. */
export function credentialOperationView({ operation, timedOut }: FollowedOperation): CredentialOperationView {
  switch (operation.state) {
    case RemoteOperationState.success:
      return { phase: 'success', busy: false, tone: 'success' };
    case RemoteOperationState.failed:
      return { phase: 'failed', busy: false, tone: 'error', detailKey: errorCodeKey(operation.errorCode) };
    case RemoteOperationState.noRetry:
      return {
        phase: 'noRetry',
        busy: false,
        tone: 'error',
        detailKey: errorCodeKey(operation.errorCode),
        hint: 'remote.phase.noRetry',
      };
  }
  if (timedOut) return { phase: 'timedOut', busy: false, tone: 'error', detailKey: 'remote.phase.timedOut' };
  if (operation.state === RemoteOperationState.wait) {
    return { phase: 'waiting', busy: true, tone: 'info', detailKey: 'remote.phase.waiting' };
  }
  return { phase: 'operating', busy: true, tone: 'info', detailKey: 'remote.phase.operating' };
}

/** Whether a followed change has ended (or been given up on). */
export function hasEnded(followed: FollowedOperation): boolean {
  return !credentialOperationView(followed).busy;
}
