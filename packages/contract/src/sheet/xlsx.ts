import { batchText, collectBytes } from './chunker';
import type { SheetCell, SheetColumn, SheetRow, SheetRows } from './types';
import { type ZipEntry, zipStream } from './zip';

/** One worksheet to write: its tab name, columns (the bold, frozen header row) and data rows. */
export interface Sheet {
  name: string;
  columns: readonly SheetColumn[];
  rows: SheetRows;
}

/** Excel's grid limits: a file beyond them opens with a repair prompt or not at all. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;
/** Excel refuses longer cell text. */
const MAX_CELL_CHARS = 32_767;
const DEFAULT_WIDTH = 16;
const MAX_WIDTH = 255;
const HEADER_STYLE = 1;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Streams a one-sheet .xlsx workbook. Rows are pulled lazily and written as inline strings, so there is
 * no shared-strings table to build and memory stays flat however many rows there are.
 */
export function xlsxStream(sheet: Sheet): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const part = (name: string, xml: string): ZipEntry => ({ name, data: [encoder.encode(XML_DECL + xml)] });
  return zipStream([
    part('[Content_Types].xml', CONTENT_TYPES),
    part('_rels/.rels', ROOT_RELS),
    part('xl/workbook.xml', workbookXml(sanitizeSheetName(sheet.name))),
    part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    part('xl/styles.xml', STYLES),
    { name: 'xl/worksheets/sheet1.xml', data: batchText(worksheetXml(sheet.columns, sheet.rows)) },
  ]);
}

/** The whole workbook in one array: for small sheets built in the browser. */
export function xlsxBytes(sheet: Sheet): Promise<Uint8Array> {
  return collectBytes(xlsxStream(sheet));
}

/**
 * A tab name Excel accepts: none of : \ / ? * [ ], no leading or trailing apostrophe, at most 31 characters,
 * not the reserved "History", never empty.
 */
export function sanitizeSheetName(name: string): string {
  let clean = stripInvalidXml(name)
    .replace(/[:\\/?*[\]]/g, '_')
    .replace(/^'+|'+$/g, '')
    .trim();
  if (clean.length > 31) clean = clean.slice(0, 31).replace(/[\uD800-\uDBFF]$/, '');
  if (clean.toLowerCase() === 'history') clean = `${clean}_`;
  return clean.length > 0 ? clean : 'Sheet1';
}

/** Spreadsheet column letters for a zero-based index: 0 → A, 25 → Z, 26 → AA, 27 → AB. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Characters XML 1.0 forbids (most C0 controls, U+FFFE/U+FFFF, lone surrogates): a parser rejects the whole file. */
const XML_INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_SPECIAL = /[&<>"\r]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Drops the characters XML 1.0 cannot carry at all. */
export function stripInvalidXml(text: string): string {
  return text.replace(XML_INVALID, '');
}

/** Text safe for XML content and attribute values. CR is a character reference so parsers do not fold it into LF. */
export function xmlText(text: string): string {
  return stripInvalidXml(text).replace(XML_SPECIAL, (c) => XML_ENTITIES[c] ?? c);
}

/** Streams the worksheet XML: one string per row, batched into chunks by the caller. */
async function* worksheetXml(columns: readonly SheetColumn[], rows: SheetRows): AsyncGenerator<string> {
  if (columns.length > MAX_COLUMNS) throw new Error(`A sheet cannot have more than ${MAX_COLUMNS} columns`);
  yield `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`;
  yield '<sheetViews><sheetView workbookViewId="0">';
  yield '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>';
  yield '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>';
  yield '<sheetFormatPr defaultRowHeight="15"/>';
  if (columns.length > 0) yield `<cols>${columns.map(colXml).join('')}</cols>`;
  yield '<sheetData>';
  yield rowXml(
    1,
    columns.map((c) => c.header),
    HEADER_STYLE,
  );
  let rowNumber = 1;
  for await (const row of rows) {
    rowNumber++;
    if (rowNumber > MAX_ROWS) throw new Error(`A sheet cannot have more than ${MAX_ROWS - 1} data rows`);
    yield rowXml(rowNumber, row);
  }
  yield '</sheetData></worksheet>';
}

function colXml(column: SheetColumn, index: number): string {
  const requested = column.width;
  const width =
    requested !== undefined && Number.isFinite(requested) && requested > 0
      ? Math.min(requested, MAX_WIDTH)
      : DEFAULT_WIDTH;
  return `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`;
}

function rowXml(rowNumber: number, cells: SheetRow, style?: number): string {
  if (cells.length > MAX_COLUMNS) throw new Error(`Row ${rowNumber} has more than ${MAX_COLUMNS} cells`);
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) xml += cellXml(`${columnLetters(i)}${rowNumber}`, cells[i], style);
  return `${xml}</row>`;
}

/** A cell element, or nothing for null, undefined and non-finite numbers (Excel has no NaN or Infinity). */
function cellXml(ref: string, value: SheetCell, style?: number): string {
  const s = style === undefined ? '' : ` s="${style}"`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (typeof value !== 'string') return '';
  const text = xmlText(value.length > MAX_CELL_CHARS ? truncate(value, MAX_CELL_CHARS) : value);
  // Without xml:space="preserve" Excel trims leading and trailing spaces.
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  return text.slice(0, max).replace(/[\uD800-\uDBFF]$/, '');
}

function workbookXml(sheetName: string): string {
  return (
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

const CONTENT_TYPES =
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Style 0: the default font. Style 1: the same font in bold, for the header row. Fills 0 and 1 are required by Excel. */
const STYLES =
  `<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
