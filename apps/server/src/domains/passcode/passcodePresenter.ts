import {
  ACTIVATION_HOURS,
  type PasscodeItem,
  PasscodeStatus,
  PasscodeType,
  passcodeSyncState,
} from '@smartlock/contract';
import type { PasscodeRow } from './passcodeQueries';

/** Offline types a lock activates on first use. */
const ACTIVATED = new Set<number>([
  PasscodeType.once,
  PasscodeType.permanent,
  PasscodeType.limited,
  PasscodeType.clear,
]);

/** The status as of now: a normal code not started yet is will-be-valid, one past its end invalid. */
export function statusNow(row: PasscodeRow, now = Date.now()): string {
  if (row.status !== PasscodeStatus.normal) return row.status;
  if (row.startDate && row.startDate.getTime() > now) return PasscodeStatus.willBeValid;
  if (row.endDate && row.endDate.getTime() <= now) return PasscodeStatus.invalid;
  return row.status;
}

export function presentPasscode(row: PasscodeRow, senderUsername: string): PasscodeItem {
  return {
    keyboardPwdId: row.id,
    lockId: row.lockId,
    keyboardPwd: row.code,
    keyboardPwdName: row.name,
    keyboardPwdType: row.type,
    cycleType: row.cycleType,
    startDate: row.startDate?.getTime() ?? null,
    endDate: row.endDate?.getTime() ?? null,
    cycleStartHour: row.cycleStartHour,
    cycleEndHour: row.cycleEndHour,
    status: statusNow(row),
    senderUsername,
    createDate: row.createdAt.getTime(),
    activationHours: ACTIVATED.has(row.type) ? ACTIVATION_HOURS : null,
    syncState: passcodeSyncState(row.status),
    syncError: row.syncError,
    nextRetryAt: row.syncNextAt?.getTime() ?? null,
  };
}
