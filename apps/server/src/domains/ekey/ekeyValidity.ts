import {
  type EKeyCycle,
  type Span,
  ValidityType,
  validateTimeRange,
  validateWithinEditorValidity,
} from '@smartlock/contract';
import { ApiError, assertVerdict } from '../../http/apiError';

export interface ValidityRequest {
  validityType: number;
  startDate?: number | undefined;
  endDate?: number | undefined;
  cycle?: EKeyCycle | undefined;
}

/** An eKey's validity as stored. */
export interface EKeyValidity {
  validityType: number;
  startDate: Date | null;
  endDate: Date | null;
  cycle: EKeyCycle | null;
}

/**
 * An eKey's validity checked by the rules of section 5: limited, once and cyclic keys need a
 * start before their end and an end not in the past; a cyclic key needs weekdays and a daily
 * span; nothing goes beyond the editor's own validity (`editorSpan`, undefined: unbounded).
 */
export function eKeyValidity(request: ValidityRequest, editorSpan: Span | undefined, now = Date.now()): EKeyValidity {
  if (request.validityType === ValidityType.permanent) {
    assertVerdict(validateWithinEditorValidity('permanent', editorSpan), 'endDate');
    return { validityType: ValidityType.permanent, startDate: null, endDate: null, cycle: null };
  }
  if (request.startDate === undefined) throw new ApiError('badParameter', {}, 'startDate');
  if (request.endDate === undefined) throw new ApiError('badParameter', {}, 'endDate');
  const span = { start: request.startDate, end: request.endDate };
  assertVerdict(validateTimeRange(span, now), 'endDate');
  assertVerdict(validateWithinEditorValidity(span, editorSpan), 'endDate');
  let cycle: EKeyCycle | null = null;
  if (request.validityType === ValidityType.cyclic) {
    if (!request.cycle) throw new ApiError('selectAtLeastOneTimePeriod');
    if (!(request.cycle.startMinute < request.cycle.endMinute)) throw new ApiError('startNotBeforeEnd');
    cycle = { ...request.cycle, weekDays: [...new Set(request.cycle.weekDays)].sort() };
  }
  return {
    validityType: request.validityType,
    startDate: new Date(span.start),
    endDate: new Date(span.end),
    cycle,
  };
}
