import { readXlsx } from '@smartlock/contract/sheet/readXlsx';
import { describe, expect, it } from 'vitest';
import { exportColumns } from './exportSheet';
import { xlsxFile } from './xlsxFile';

const read = async (file: Blob) => readXlsx(new Uint8Array(await file.arrayBuffer()));

describe('the lock-user workbook', () => {
  it('is an .xlsx Blob with the tab’s name, a bold and frozen header row and the export’s ten columns', async () => {
    const t = (key: string) => key;
    const file = await xlsxFile({
      name: 'Lock users',
      columns: exportColumns(t),
      rows: [['Ada <ada@example.com> & co', 3, '=SUM(A1)', null, '22/11/2026, 08:00']],
    });
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = await read(file);
    expect(book.sheetName).toBe('Lock users');
    expect(book.rows[0]).toHaveLength(10);
    expect(book.rows[1]).toEqual(['Ada <ada@example.com> & co', 3, '=SUM(A1)', null, '22/11/2026, 08:00']);
    expect(book.headerBold).toBe(true);
    expect(book.frozenRows).toBe(1);
    expect(book.widths.slice(0, 10)).toEqual(exportColumns(t).map((c) => c.width));
  });

  it('holds every row of a large export, in order', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [`user-${i}@example.com`, i]);
    const book = await read(await xlsxFile({ name: 'S', columns: [{ header: 'Person' }, { header: 'Count' }], rows }));
    expect(book.rows).toHaveLength(5_001);
    expect(book.rows[5_000]).toEqual(['user-4999@example.com', 4999]);
  });
});
