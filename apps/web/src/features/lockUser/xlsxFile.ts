import { columnWidth, type SheetColumn, type SheetRow, sanitizeSheetName, sheetCellValue } from '@smartlock/contract';
import ExcelJS from 'exceljs';

/**
 * A one-sheet .xlsx workbook written by ExcelJS, as bytes: a bold, frozen header row with the
 * columns' widths, then the rows (text as text, never as a formula; numbers as numbers). The
 * export page imports this module when a user starts an export, so the spreadsheet library is
 * loaded then, and no route carries it before.
 */
export async function xlsxFile(sheet: {
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly SheetRow[];
}): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sanitizeSheetName(sheet.name), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  worksheet.columns = sheet.columns.map((column) => ({
    header: sheetCellValue(column.header) as string,
    width: columnWidth(column),
  }));
  worksheet.getRow(1).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row.map(sheetCellValue));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
