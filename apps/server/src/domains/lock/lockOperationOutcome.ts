import type { OperationOutcome, OperationOutcomes } from '../remoteOperation/operationOutcomes';
import { applyResult } from './lockReportedState';

/** A command on the lock itself ends by keeping what the lock confirmed; a failure changes nothing. */
const keepConfirmed: OperationOutcome = async (tx, row, succeeded, result, at) =>
  succeeded && result ? applyResult(tx, row.lockId, row.command, result, { at, by: 'reply' }) : undefined;

/**
 * The outcomes of the commands on the lock itself: bolt, state, clock, car-park barrier,
 * switches and room status, auto-lock, time zone, passage mode (lockReportedState.ts).
 */
export const LOCK_OPERATION_OUTCOMES: Pick<
  OperationOutcomes,
  | 'unlock'
  | 'lock'
  | 'queryState'
  | 'queryClock'
  | 'setClock'
  | 'parkingLock'
  | 'setAutoLock'
  | 'setTimezone'
  | 'setPassageMode'
  | 'setRoomStatus'
  | 'setSwitch'
> = {
  unlock: keepConfirmed,
  lock: keepConfirmed,
  queryState: keepConfirmed,
  queryClock: keepConfirmed,
  setClock: keepConfirmed,
  parkingLock: keepConfirmed,
  setAutoLock: keepConfirmed,
  setTimezone: keepConfirmed,
  setPassageMode: keepConfirmed,
  setRoomStatus: keepConfirmed,
  setSwitch: keepConfirmed,
};
