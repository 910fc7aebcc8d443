import {
  ACTIVATION_HOURS,
  encodeOfflinePasscode,
  HOUR_MS,
  limitedSerials,
  localHourOf,
  OFFLINE_SERIALS,
  type OfflinePayload,
  offlineDurationOf,
  offlinePasscodeKey,
  PasscodeStatus,
  PasscodeType,
  type Span,
  startResidueOf,
  validatePasscodeStart,
  validateWithinEditorValidity,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError, assertVerdict } from '../../http/apiError';
import type { LockRow } from '../lock/lockQueries';
import { passcodesWithCodes } from '../lockRecord/lockRecordQueries';
import { insertPasscodeIfFree, type NewPasscode, type PasscodeRow } from './passcodeQueries';
import { currentLockHour, passcodeSpan, requireStartWithinReach, requireWholeHour } from './passcodeValidity';

export interface OfflineRequest {
  keyboardPwdType: number;
  cycleType?: number | undefined;
  cycleStartHour?: number | undefined;
  cycleEndHour?: number | undefined;
  keyboardPwdName?: string | undefined;
  startDate?: number | undefined;
  endDate?: number | undefined;
}

interface Plan {
  /** The payload without its serial. */
  payload: (serial: number) => OfflinePayload;
  serials: number;
  columns: Pick<NewPasscode, 'type' | 'cycleType' | 'cycleStartHour' | 'cycleEndHour' | 'startDate' | 'endDate'>;
}

/** The serials of a type whose count does not depend on the validity (limited codes': limitedSerials). */
const SERIALS_OF: Record<number, number> = {
  [PasscodeType.once]: OFFLINE_SERIALS.once,
  [PasscodeType.permanent]: OFFLINE_SERIALS.permanent,
  [PasscodeType.clear]: OFFLINE_SERIALS.clear,
  [PasscodeType.cyclic]: OFFLINE_SERIALS.cyclic,
};

/** What an offline code request asks for, checked by the rules of section 5 and the code's own. */
export function planOffline(
  lock: LockRow,
  request: OfflineRequest,
  editorSpan: Span | undefined,
  now = Date.now(),
): Plan {
  const offset = lock.timezoneRawOffset;
  const serials = SERIALS_OF[request.keyboardPwdType] ?? 0;
  if (request.keyboardPwdType === PasscodeType.cyclic) {
    const { cycleType, cycleStartHour, cycleEndHour } = request;
    if (cycleType === undefined) throw new ApiError('badParameter', {}, 'cycleType');
    if (cycleStartHour === undefined || cycleEndHour === undefined) throw new ApiError('selectAtLeastOneTimePeriod');
    if (!(cycleStartHour < cycleEndHour)) throw new ApiError('startNotBeforeEnd');
    assertVerdict(validateWithinEditorValidity('permanent', editorSpan), 'cycleType');
    return {
      serials,
      payload: (serial) => ({
        type: PasscodeType.cyclic,
        subtype: cycleType,
        fromHour: cycleStartHour,
        toHour: cycleEndHour,
        serial,
      }),
      columns: {
        type: PasscodeType.cyclic,
        cycleType,
        cycleStartHour,
        cycleEndHour,
        startDate: null,
        endDate: null,
      },
    };
  }
  const start = request.startDate ?? currentLockHour(offset, now);
  requireWholeHour(start, offset, 'startDate');
  assertVerdict(validatePasscodeStart(start, now), 'startDate');
  requireStartWithinReach(start, offset, now);
  const startHour = localHourOf(start, offset);
  const startResidue = startResidueOf(startHour);
  const type = request.keyboardPwdType as typeof PasscodeType.once;
  if (request.keyboardPwdType === PasscodeType.limited) {
    if (request.endDate === undefined) throw new ApiError('badParameter', {}, 'endDate');
    requireWholeHour(request.endDate, offset, 'endDate');
    passcodeSpan({ startDate: start, endDate: request.endDate }, offset, editorSpan, now);
    const duration = offlineDurationOf(startHour, localHourOf(request.endDate, offset));
    if (!duration) throw new ApiError('passcodeLongValidityAlignment');
    return {
      serials: limitedSerials(duration),
      payload: (serial) => ({ type: PasscodeType.limited, startResidue, duration, serial }),
      columns: { type: PasscodeType.limited, startDate: new Date(start), endDate: new Date(request.endDate) },
    };
  }
  // A once code must be used within its first day; permanent and clear codes have no end.
  const end = type === PasscodeType.once ? start + ACTIVATION_HOURS * HOUR_MS : undefined;
  assertVerdict(validateWithinEditorValidity(end === undefined ? 'permanent' : { start, end }, editorSpan), 'endDate');
  return {
    serials,
    payload: (serial) => ({ type, startResidue, serial }),
    columns: { type, startDate: new Date(start), endDate: end === undefined ? null : new Date(end) },
  };
}

/**
 * Issues the code: the first serial whose digits this lock has never had (any passcode, any
 * status, ever: whoever held a deleted code still knows its digits) is taken; the live-digits
 * unique index settles a race between two requests. When every serial of this type and validity
 * has been issued, the answer says how many there are (passcodeCapacityReached).
 */
export async function issueOffline(
  db: Db,
  lock: LockRow,
  creatorId: number,
  plan: Plan,
  name: string,
): Promise<PasscodeRow> {
  const key = await offlinePasscodeKey(lock.lockSecret);
  const candidates: { serial: number; code: string }[] = [];
  for (let serial = 0; serial < plan.serials; serial++) {
    candidates.push({ serial, code: await encodeOfflinePasscode(key, plan.payload(serial)) });
  }
  const everHad = await passcodesWithCodes(
    db,
    lock.id,
    candidates.map((candidate) => candidate.code),
  );
  const taken = new Set(everHad.map((row) => row.code));
  for (const { serial, code } of candidates) {
    if (taken.has(code)) continue;
    const row = await insertPasscodeIfFree(db, {
      lockId: lock.id,
      creatorId,
      code,
      name,
      serial,
      status: PasscodeStatus.normal,
      ...plan.columns,
    });
    if (row) return row;
  }
  throw new ApiError('passcodeCapacityReached', { count: plan.serials });
}
