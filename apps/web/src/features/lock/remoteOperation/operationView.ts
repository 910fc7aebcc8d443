import { errorMessageKey, errorNameOf, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import type { RemoteAction } from './remoteActions';

const FINAL_STATES: ReadonlySet<number> = new Set([
  RemoteOperationState.success,
  RemoteOperationState.failed,
  RemoteOperationState.noRetry,
]);

/** Whether an operation has ended (success, failed, no retry); an ended one never changes again. */
export function isFinal(operation: RemoteOperation): boolean {
  return FINAL_STATES.has(operation.state);
}

/** An action on a lock as the console follows it, from the click to its end. */
export type OperationRun =
  | { status: 'idle' }
  | { status: 'starting'; action: RemoteAction }
  /** The call that starts it was refused: the reply's (translated) message. */
  | { status: 'startFailed'; action: RemoteAction; message: string }
  /** Started: the latest state known; `timedOut` once it passed its deadline with no end heard. */
  | { status: 'following'; action: RemoteAction; operation: RemoteOperation; timedOut: boolean };

export type OperationPhase =
  | 'starting'
  | 'operating'
  | 'waiting'
  | 'success'
  | 'failed'
  | 'noRetry'
  | 'timedOut'
  | 'startFailed';

export interface OperationView {
  phase: OperationPhase;
  /** Still under way: show a spinner, keep other actions on the lock waiting. */
  busy: boolean;
  tone: 'info' | 'success' | 'error';
  /** What to say: an i18n key, or text already translated (a refused start). */
  detail: { key: string } | { text: string };
  /** A second line, as an i18n key. */
  hint?: string;
}

/** The catalogue message of why an operation failed (the generic one for no code or an unknown one). */
export function failureKey(errorCode: number): string {
  const name = errorNameOf(errorCode);
  return errorMessageKey(name && name !== 'success' ? name : 'operationFailed');
}

/** What the console shows for an action: the operation's state → spinner, success or the failure's message. */
export function operationView(run: Exclude<OperationRun, { status: 'idle' }>): OperationView {
  if (run.status === 'starting')
    return { phase: 'starting', busy: true, tone: 'info', detail: { key: 'remote.phase.starting' } };
  if (run.status === 'startFailed')
    return { phase: 'startFailed', busy: false, tone: 'error', detail: { text: run.message } };
  const { operation } = run;
  switch (operation.state) {
    case RemoteOperationState.success:
      return { phase: 'success', busy: false, tone: 'success', detail: { key: `remote.done.${run.action}` } };
    case RemoteOperationState.failed:
      return { phase: 'failed', busy: false, tone: 'error', detail: { key: failureKey(operation.errorCode) } };
    case RemoteOperationState.noRetry:
      return {
        phase: 'noRetry',
        busy: false,
        tone: 'error',
        detail: { key: failureKey(operation.errorCode) },
        hint: 'remote.phase.noRetry',
      };
  }
  if (run.timedOut) return { phase: 'timedOut', busy: false, tone: 'error', detail: { key: 'remote.phase.timedOut' } };
  if (operation.state === RemoteOperationState.wait) {
    return { phase: 'waiting', busy: true, tone: 'info', detail: { key: 'remote.phase.waiting' } };
  }
  return { phase: 'operating', busy: true, tone: 'info', detail: { key: 'remote.phase.operating' } };
}

/** Whether an action on the lock is still under way. */
export function isBusy(run: OperationRun): boolean {
  return run.status !== 'idle' && operationView(run).busy;
}
