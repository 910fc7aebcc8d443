import type { ErrorName } from '../errors';
import { fail, OK, type Verdict } from './result';
import { addMonths, type Span } from './time';

const SELECTION_ERRORS = {
  lock: 'selectAtLeastOneLock',
  group: 'selectAtLeastOneGroup',
  timePeriod: 'selectAtLeastOneTimePeriod',
  exportType: 'selectAtLeastOneExportType',
} as const satisfies Record<string, ErrorName>;

/** Where asked, at least one lock, group, time period or export type must be selected. */
export function validateSelection(items: readonly unknown[], what: keyof typeof SELECTION_ERRORS): Verdict {
  return items.length > 0 ? OK : fail(SELECTION_ERRORS[what]);
}

/** Records can be exported for the past six months only, and at most this many per export. */
export const RECORD_EXPORT_MONTHS = 6;
export const RECORD_EXPORT_MAX_COUNT = 500_000;

export function validateExportWindow(span: Span, now: number): Verdict {
  if (!(span.start < span.end)) return fail('startNotBeforeEnd');
  if (span.start < addMonths(now, -RECORD_EXPORT_MONTHS)) return fail('exportWindowExceeded');
  return OK;
}

export function validateExportCount(count: number): Verdict {
  return count > RECORD_EXPORT_MAX_COUNT ? fail('maximumExportCountExceeded', { max: RECORD_EXPORT_MAX_COUNT }) : OK;
}
