import type { DataOf, SheetColumn, SheetRow } from '@smartlock/contract';
import { lockUser } from '@smartlock/contract/refs';
import { formatInstant, type Translate } from '../credentials/validityText';
import { credentialStatusKey, isPermanent, kindNameKey } from './lockUserKinds';

export type ExportRow = DataOf<typeof lockUser.exportUser>['list'][number];

/** The export's columns, in the user's language, with widths in characters. */
export function exportColumns(t: Translate): SheetColumn[] {
  return [
    { header: t('lockUser.sheet.person'), width: 28 },
    { header: t('lockUser.sheet.account'), width: 28 },
    { header: t('lockUser.sheet.nickname'), width: 18 },
    { header: t('lockUser.sheet.lock'), width: 22 },
    { header: t('lockUser.sheet.kind'), width: 16 },
    { header: t('lockUser.sheet.credential'), width: 24 },
    { header: t('lockUser.sheet.name'), width: 20 },
    { header: t('lockUser.sheet.start'), width: 22 },
    { header: t('lockUser.sheet.end'), width: 22 },
    { header: t('lockUser.sheet.status'), width: 16 },
  ];
}

/**
 * One sheet row per credential: the person, the lock, the kind and status as text in the user's
 * language, and the validity's start and end in the lock's time (a permanent one ends "Permanent").
 */
export function exportSheetRows(rows: readonly ExportRow[], t: Translate, language: string): SheetRow[] {
  return rows.map((row) => {
    const clock = { language, offsetMs: row.timezoneRawOffset };
    const end = isPermanent(row)
      ? t('validity.permanent')
      : row.endDate === null
        ? ''
        : formatInstant(row.endDate, clock);
    return [
      row.userName,
      row.account ?? '',
      row.nickname ?? '',
      row.lockAlias,
      t(kindNameKey(row.kind)),
      row.label,
      row.name,
      row.startDate === null ? '' : formatInstant(row.startDate, clock),
      end,
      t(credentialStatusKey(row.kind, row.status), { code: row.status }),
    ];
  });
}

const two = (n: number) => String(n).padStart(2, '0');

/** The download's name, with the local date and time it was made: lock-users-20261122-1430.xlsx. */
export function exportFileName(at: Date): string {
  const date = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  return `lock-users-${date}-${two(at.getHours())}${two(at.getMinutes())}.xlsx`;
}

/** The pages to fetch for `total` rows, `pageSize` at a time (1, 2, ...); none for an empty export. */
export function exportPages(total: number, pageSize: number = lockUser.EXPORT_USER_PAGE_MAX): number[] {
  const count = total > 0 ? Math.ceil(total / pageSize) : 0;
  return Array.from({ length: count }, (_, index) => index + 1);
}

/** How far an export is, as a whole percentage (an empty one is done). */
export function exportPercent(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** The export's lockIds parameter: none for all my locks, else the chosen ids comma-separated. */
export function exportScope(lockIds: readonly number[] | undefined): { lockIds?: string } {
  return lockIds === undefined ? {} : { lockIds: lockIds.join(',') };
}
