import { readXlsx } from '@smartlock/contract/sheet/readXlsx';
import { describe, expect, it } from 'vitest';
import { exportColumns } from './exportSheet';
import { xlsxFile } from './xlsxFile';

const columns = [{ header: 'Person', width: 28 }, { header: 'Count' }];

describe('the lock-user workbook', () => {
  it('has the tab’s name, a bold and frozen header row and the columns’ widths', async () => {
    const book = readXlsx(await xlsxFile({ name: 'Lock users', columns, rows: [] }));
    expect(book.sheetName).toBe('Lock users');
    expect(book.rows).toEqual([['Person', 'Count']]);
    expect(book.headerBold).toBe(true);
    expect(book.frozenRows).toBe(1);
    expect(book.widths.slice(0, 2)).toEqual([28, 16]);
  });

  it('writes text as text, numbers as numbers, nothing for empty cells', async () => {
    const { rows } = readXlsx(
      await xlsxFile({
        name: 'S',
        columns,
        rows: [
          ['Ada <ada@example.com> & co', 3, '=SUM(A1)'],
          ['Bob', null, '', Number.NaN, '22/11/2026, 08:00', '🔐 a\u0001b'],
        ],
      }),
    );
    expect(rows[1]).toEqual(['Ada <ada@example.com> & co', 3, '=SUM(A1)']);
    expect(rows[2]?.[0]).toBe('Bob');
    expect(rows[2]?.[1]).toBeNull();
    expect(rows[2]?.[3]).toBeNull();
    expect(rows[2]?.slice(4)).toEqual(['22/11/2026, 08:00', '🔐 ab']);
  });

  it('gives the tab a name Excel accepts', async () => {
    const book = readXlsx(await xlsxFile({ name: 'Users: 2026/11 [all]', columns, rows: [] }));
    expect(book.sheetName).toBe('Users_ 2026_11 _all_');
  });

  it('holds every row of a large export, in order', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [`user-${i}@example.com`, i]);
    const book = readXlsx(await xlsxFile({ name: 'S', columns, rows }));
    expect(book.rows).toHaveLength(5_001);
    expect(book.rows[5_000]).toEqual(['user-4999@example.com', 4999]);
  });

  it('writes the export’s ten columns', async () => {
    const t = (key: string) => key;
    const book = readXlsx(await xlsxFile({ name: 'S', columns: exportColumns(t), rows: [] }));
    expect(book.rows[0]).toHaveLength(10);
    expect(book.widths.slice(0, 10)).toEqual(exportColumns(t).map((c) => c.width));
  });
});
