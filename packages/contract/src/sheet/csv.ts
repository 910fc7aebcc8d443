import { batchText } from './chunker';
import type { SheetCell, SheetColumn, SheetRows } from './types';

/** Byte order mark: without it Excel reads a CSV in the machine's legacy code page. */
const BOM = '\uFEFF';
const CRLF = '\r\n';
/** Leading characters that make a spreadsheet treat text as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Fields that need quoting under RFC 4180. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Streams a CSV file (UTF-8 with BOM, CRLF line ends, RFC 4180 quoting) in ~64 KiB chunks. Columns are
 * header texts or the same column definitions the .xlsx writer takes.
 */
export function csvStream(columns: readonly (SheetColumn | string)[], rows: SheetRows): AsyncGenerator<Uint8Array> {
  return batchText(csvLines(columns, rows));
}

async function* csvLines(columns: readonly (SheetColumn | string)[], rows: SheetRows): AsyncGenerator<string> {
  yield BOM + csvLine(columns.map((c) => (typeof c === 'string' ? c : c.header)));
  for await (const row of rows) yield csvLine(row);
}

function csvLine(cells: readonly SheetCell[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i > 0 ? ',' : '') + csvField(cells[i]);
  return line + CRLF;
}

/**
 * One field. Text that could start a formula gets a leading apostrophe so a spreadsheet shows it as text;
 * numbers are written as numbers (non-finite ones as empty), null and undefined as empty.
 */
export function csvField(value: SheetCell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value !== 'string') return '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
