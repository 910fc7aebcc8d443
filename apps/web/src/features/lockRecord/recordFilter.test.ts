import { RecordQueryType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  exportRecordsPath,
  FILTER_OF_KIND,
  filterParams,
  formatLockTime,
  lockDayWindow,
  QUERY_TYPE_NAMES,
  RECORD_FILTER_PARAMS,
  recordFilterOf,
  recordsPath,
  routeQueryTypeOf,
} from './recordFilter';

const of = (query: string) => recordFilterOf(new URLSearchParams(query));

describe('the records route query', () => {
  it('maps each credential parameter to its query type', () => {
    expect(of('lockId=5&keyId=12')).toEqual({ param: 'keyId', value: '12', queryType: RecordQueryType.eKey });
    expect(of('lockId=5&keyboardPwd=123456')).toEqual({
      param: 'keyboardPwd',
      value: '123456',
      queryType: RecordQueryType.passcode,
    });
    expect(of('cardNo=A1')?.queryType).toBe(RecordQueryType.card);
    expect(of('printNo=7')?.queryType).toBe(RecordQueryType.fingerprint);
    expect(of('palmVeinNo=7')?.queryType).toBe(RecordQueryType.palmVein);
    expect(of('faceNo=7')?.queryType).toBe(RecordQueryType.face);
    expect(of('qrcodeNo=7')?.queryType).toBe(RecordQueryType.qrCode);
    expect(of('keyfobNo=7')?.queryType).toBe(RecordQueryType.keyFob);
  });
  it('without a usable credential parameter: all records', () => {
    expect(of('lockId=5')).toBeUndefined();
    expect(of('keyId=0')).toBeUndefined();
    expect(of('keyId=abc')).toBeUndefined();
    expect(of('keyboardPwd=')).toBeUndefined();
    expect(of(`keyboardPwd=${'1'.repeat(21)}`)).toBeUndefined();
  });
  it('takes the first usable one, trimmed', () => {
    expect(of('keyId=x&cardNo=%20C9%20')).toEqual({ param: 'cardNo', value: 'C9', queryType: RecordQueryType.card });
  });
  it('gives the list call the credential, an eKey id as a number', () => {
    expect(filterParams(of('keyId=12'))).toEqual({ keyId: 12 });
    expect(filterParams(of('keyboardPwd=0123'))).toEqual({ keyboardPwd: '0123' });
    expect(filterParams(undefined)).toEqual({});
  });
  it('builds the paths back', () => {
    expect(recordsPath(5)).toBe('/manage/records?lockId=5&queryType=0');
    expect(recordsPath(5, undefined, RecordQueryType.card)).toBe('/manage/records?lockId=5&queryType=7');
    expect(routeQueryTypeOf(new URLSearchParams('queryType=-5'))).toBe(RecordQueryType.face);
    expect(routeQueryTypeOf(new URLSearchParams('queryType=2'))).toBeUndefined();
    expect(routeQueryTypeOf(new URLSearchParams(''))).toBeUndefined();
    expect(recordsPath(5, { param: 'keyboardPwd', value: '0123' })).toBe('/manage/records?lockId=5&keyboardPwd=0123');
    for (const param of RECORD_FILTER_PARAMS) {
      const path = recordsPath(9, { param, value: '42' });
      expect(recordFilterOf(new URL(path, 'http://x').searchParams)?.param).toBe(param);
    }
    expect(exportRecordsPath(5)).toBe('/manage/exportRecord?lockId=5');
  });
  it('offers every query type', () => {
    expect(QUERY_TYPE_NAMES).toContain('all');
    expect(QUERY_TYPE_NAMES).toHaveLength(Object.keys(RecordQueryType).length);
  });
});

describe('lock-time day window', () => {
  it('covers whole days of the lock clock, the end exclusive', () => {
    const eightHours = 8 * 3_600_000;
    expect(lockDayWindow('2026-03-01', '2026-03-01', 0)).toEqual({
      startDate: Date.UTC(2026, 2, 1),
      endDate: Date.UTC(2026, 2, 2),
    });
    expect(lockDayWindow('2026-02-27', '2026-02-28', eightHours)).toEqual({
      startDate: Date.UTC(2026, 1, 27) - eightHours,
      endDate: Date.UTC(2026, 2, 1) - eightHours,
    });
  });
});

describe('credential kinds', () => {
  it("name their records by the kind's number parameter", () => {
    expect(FILTER_OF_KIND).toEqual({
      card: 'cardNo',
      fingerprint: 'printNo',
      face: 'faceNo',
      palmVein: 'palmVeinNo',
      qrCode: 'qrcodeNo',
      keyFob: 'keyfobNo',
    });
    for (const [kind, param] of Object.entries(FILTER_OF_KIND)) {
      expect(recordFilterOf(new URLSearchParams({ [param]: '7' }))?.queryType, kind).toBe(
        RecordQueryType[kind as keyof typeof RecordQueryType],
      );
    }
  });
});

describe('lock time', () => {
  it('shows the lock clock to the second', () => {
    const at = Date.UTC(2026, 0, 5, 1, 2, 3);
    expect(formatLockTime(at, 8 * 3_600_000, 'en-GB')).toBe('5 Jan 2026, 09:02:03');
    expect(formatLockTime(at, 0, 'en-GB')).toBe('5 Jan 2026, 01:02:03');
  });
});
