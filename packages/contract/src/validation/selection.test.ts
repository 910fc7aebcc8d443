import { describe, expect, it } from 'vitest';
import { RECORD_EXPORT_MAX_COUNT, validateExportCount, validateExportWindow, validateSelection } from './selection';
import { addMonths, DAY_MS } from './time';

const now = Date.UTC(2026, 10, 22, 12);

describe('selections', () => {
  it.each([
    ['lock', 'selectAtLeastOneLock'],
    ['group', 'selectAtLeastOneGroup'],
    ['timePeriod', 'selectAtLeastOneTimePeriod'],
    ['exportType', 'selectAtLeastOneExportType'],
  ] as const)('needs at least one %s', (what, error) => {
    expect(validateSelection([], what)).toMatchObject({ error });
    expect(validateSelection([1], what).ok).toBe(true);
  });
});

describe('record export limits', () => {
  it('covers the past six months and no further', () => {
    expect(validateExportWindow({ start: addMonths(now, -6), end: now }, now).ok).toBe(true);
    expect(validateExportWindow({ start: addMonths(now, -6) - 1, end: now }, now)).toMatchObject({
      error: 'exportWindowExceeded',
    });
    expect(validateExportWindow({ start: now, end: now - DAY_MS }, now)).toMatchObject({ error: 'startNotBeforeEnd' });
  });
  it('caps the record count per export', () => {
    expect(validateExportCount(RECORD_EXPORT_MAX_COUNT).ok).toBe(true);
    expect(validateExportCount(RECORD_EXPORT_MAX_COUNT + 1)).toMatchObject({
      error: 'maximumExportCountExceeded',
      params: { max: RECORD_EXPORT_MAX_COUNT },
    });
  });
});
