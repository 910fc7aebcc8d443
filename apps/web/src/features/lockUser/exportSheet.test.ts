import { EKeyStatus, ValidityType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  type ExportRow,
  exportColumns,
  exportFileName,
  exportPages,
  exportPercent,
  exportScope,
  exportSheetRows,
} from './exportSheet';

/** Keys as they are; an unknown status with its code, as the catalogue's `{{code}}` would. */
const t = (key: string, options?: Record<string, unknown>) =>
  key.endsWith('.other') ? `${key}#${options?.code}` : key;
const HOUR = 3_600_000;

const row = (extra: Partial<ExportRow>): ExportRow => ({
  kind: 'ekey',
  credentialId: 1,
  label: 'alice@example.com',
  name: 'Front door',
  validityType: ValidityType.permanent,
  startDate: null,
  endDate: null,
  status: EKeyStatus.normal,
  keyRight: 0,
  lockUser: 'alice@example.com',
  userName: 'alice@example.com',
  account: 'alice@example.com',
  nickname: 'Alice',
  lockId: 7,
  lockAlias: 'Door 1',
  timezoneRawOffset: 0,
  ...extra,
});

describe('export sheet', () => {
  it('has ten localized columns, person first and status last', () => {
    const columns = exportColumns(t);
    expect(columns.map((column) => column.header)).toEqual([
      'lockUser.sheet.person',
      'lockUser.sheet.account',
      'lockUser.sheet.nickname',
      'lockUser.sheet.lock',
      'lockUser.sheet.kind',
      'lockUser.sheet.credential',
      'lockUser.sheet.name',
      'lockUser.sheet.start',
      'lockUser.sheet.end',
      'lockUser.sheet.status',
    ]);
  });

  it('writes a permanent eKey with its kind and status as text and "permanent" as its end', () => {
    expect(exportSheetRows([row({})], t, 'en_US')).toEqual([
      [
        'alice@example.com',
        'alice@example.com',
        'Alice',
        'Door 1',
        'lockUser.kind.ekey',
        'alice@example.com',
        'Front door',
        '',
        'validity.permanent',
        'ekey.status.normal',
      ],
    ]);
  });

  it('writes a timed passcode of a person without account in the lock’s time', () => {
    const start = Date.UTC(2026, 10, 22, 6, 0);
    const [cells] = exportSheetRows(
      [
        row({
          kind: 'passcode',
          label: '123456',
          account: null,
          nickname: null,
          userName: 'Cleaner',
          validityType: ValidityType.limited,
          startDate: start,
          endDate: start + 4 * HOUR,
          status: '110501',
          timezoneRawOffset: 2 * HOUR,
        }),
      ],
      t,
      'en_US',
    );
    expect(cells?.slice(0, 3)).toEqual(['Cleaner', '', '']);
    expect(cells?.[7]).toContain('8:00');
    expect(cells?.[8]).toContain('12:00');
    expect(cells?.[9]).toBe('passcode.status.normal');
  });

  it('says an unknown status with its code', () => {
    const [cells] = exportSheetRows([row({ kind: 'card', status: '99' })], t, 'en_US');
    expect(cells?.[9]).toBe('credential.status.other#99');
  });

  it('names the file after the local date and time', () => {
    expect(exportFileName(new Date(2026, 10, 22, 14, 30, 59))).toBe('lock-users-20261122-1430.xlsx');
    expect(exportFileName(new Date(2027, 0, 5, 9, 5))).toBe('lock-users-20270105-0905.xlsx');
  });

  it('fetches 500 rows a page: none for nothing, one for 500, three for 1001', () => {
    expect(exportPages(0)).toEqual([]);
    expect(exportPages(500)).toEqual([1]);
    expect(exportPages(1001)).toEqual([1, 2, 3]);
    expect(exportPages(5, 2)).toEqual([1, 2, 3]);
  });

  it('counts progress in whole percent, an empty export being done', () => {
    expect(exportPercent(0, 0)).toBe(100);
    expect(exportPercent(500, 1001)).toBe(49);
    expect(exportPercent(1001, 1001)).toBe(100);
  });

  it('names the chosen locks, or none for all my locks', () => {
    expect(exportScope(undefined)).toEqual({});
    expect(exportScope([3, 5, 8])).toEqual({ lockIds: '3,5,8' });
  });
});
