import { strToU8, Zip, ZipDeflate, type ZipInputFile } from 'fflate';
import { batchText } from './chunker';
import { columnWidth, sanitizeSheetName, sheetCellValue } from './sheetCells';
import type { Sheet, SheetColumn, SheetRow } from './types';

/**
 * A raw DEFLATE (RFC 1951) of the platform's, for the sheet (nearly all of the file's bytes) in
 * place of fflate's JavaScript one: the server passes zlib's, which deflates in libuv's thread pool
 * while the next rows are read and written as XML.
 */
export interface SheetDeflater {
  /** The compressed bytes of `input`, as it comes; ending when it ends. Closing it closes `input`. */
  deflateRaw(input: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array<ArrayBuffer>>;
  /** ZIP's CRC-32 of `data` continuing from `crc` (0 to start), as zlib's crc32. */
  crc32(data: Uint8Array, crc: number): number;
}

export interface XlsxOptions {
  /** Deflates the sheet with this instead of fflate (level 1). */
  deflater?: SheetDeflater;
}

/** Deflate level of the workbook's parts: level 1 packs the sheet about 10:1 at a fraction of the default's time. */
const DEFLATE_LEVEL = 1;

/**
 * The one .xlsx writer, for the server's record export and the console's lock-user export alike.
 * Written against fflate's browser-and-Node API and the web platform only (no Node streams): it
 * yields the file as Uint8Array chunks, which the server pipes into its reply and the console
 * gathers into a Blob. Importable as `@smartlock/contract/sheet/xlsxWriter` without the contract's
 * schemas.
 */

/**
 * Streams a one-sheet .xlsx workbook: the package's fixed parts and the sheet's XML, zipped and
 * deflated by fflate as they are written. Rows are pulled as the reader takes the bytes: each
 * ~64 KiB of sheet XML is deflated and handed over before the next rows are read, so memory stays
 * flat whatever their number; when the reader stops, the rows' iterator is closed. The sheet: a
 * bold, frozen header row with the columns' widths, text as inline strings (never a formula),
 * finite numbers as numbers, empty cells left out. With `options.deflater` the sheet is deflated
 * by it, the package's small parts still by fflate.
 */
export async function* xlsxStream(sheet: Sheet, options: XlsxOptions = {}): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else if (data.length > 0) ready.push(data);
  });
  const part = (name: string, xml: string) => {
    const file = new ZipDeflate(name, { level: DEFLATE_LEVEL });
    zip.add(file);
    file.push(strToU8(XML_DECLARATION + xml), true);
  };
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as Uint8Array;
  };
  part('[Content_Types].xml', CONTENT_TYPES);
  part('_rels/.rels', ROOT_RELS);
  part('xl/workbook.xml', workbookXml(sanitizeSheetName(sheet.name)));
  part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  part('xl/styles.xml', STYLES);
  yield* drain();
  const xml = batchText(worksheetXml(sheet.columns, sheet.rows));
  if (options.deflater) {
    yield* deflatedEntry(zip, 'xl/worksheets/sheet1.xml', xml, options.deflater, drain);
  } else {
    const worksheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: DEFLATE_LEVEL });
    zip.add(worksheet);
    for await (const chunk of xml) {
      worksheet.push(chunk);
      yield* drain();
    }
    worksheet.push(new Uint8Array(0), true);
  }
  zip.end();
  yield* drain();
}

/**
 * One ZIP entry deflated by `deflater` (method 8): its compressed chunks handed to fflate's `Zip`
 * as they come, the size and CRC-32 of the input counted on the way in and given with the last
 * one (fflate writes them in the entry's data descriptor).
 */
async function* deflatedEntry(
  zip: Zip,
  filename: string,
  input: AsyncIterable<Uint8Array>,
  deflater: SheetDeflater,
  drain: () => Generator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const entry: ZipInputFile = { filename, size: 0, crc: 0, compression: 8 };
  zip.add(entry);
  // Zip sets ondata when the entry is added.
  const write = entry.ondata as NonNullable<ZipInputFile['ondata']>;
  let size = 0;
  let crc = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of input) {
      size += chunk.length;
      crc = deflater.crc32(chunk, crc);
      yield chunk;
    }
  }
  for await (const chunk of deflater.deflateRaw(counted())) {
    write(null, chunk, false);
    yield* drain();
  }
  entry.size = size;
  entry.crc = crc;
  write(null, new Uint8Array(0), true);
}

/** Excel's grid limits: a file beyond them opens with a repair prompt or not at all. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;
const HEADER_STYLE = 1;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Spreadsheet column letters for a zero-based index: 0 → A, 25 → Z, 26 → AA, 27 → AB. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Column letters by index, made once each: every cell's reference starts with them. */
const LETTERS: string[] = [];
const lettersOf = (index: number): string => {
  let letters = LETTERS[index];
  if (letters === undefined) {
    letters = columnLetters(index);
    LETTERS[index] = letters;
  }
  return letters;
};

const XML_SPECIAL = /[&<>"\r]/g;
const HAS_XML_SPECIAL = /[&<>"\r]/;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Text (already cleared of what XML forbids) safe in XML content and attributes; CR as a reference so parsers keep it. */
function xmlText(text: string): string {
  return HAS_XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL, (c) => XML_ENTITIES[c] ?? c) : text;
}

/** Whether text starts or ends with white space (Excel trims it unless told to preserve it). */
function hasOuterSpace(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  // Printable ASCII at both ends, the usual case, needs no regular expression.
  if (first > 32 && first < 127 && last > 32 && last < 127) return false;
  return /^\s|\s$/.test(text);
}

/** Rows are handed on in pieces of about this many characters: fewer, larger writes to encode. */
const PIECE_CHARS = 16 * 1024;

/** The worksheet's XML, in pieces of whole rows. */
async function* worksheetXml(columns: readonly SheetColumn[], rows: Sheet['rows']): AsyncGenerator<string> {
  if (columns.length > MAX_COLUMNS) throw new Error(`A sheet cannot have more than ${MAX_COLUMNS} columns`);
  yield `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`;
  yield '<sheetViews><sheetView workbookViewId="0">';
  yield '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>';
  yield '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>';
  yield '<sheetFormatPr defaultRowHeight="15"/>';
  if (columns.length > 0) {
    yield `<cols>${columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${columnWidth(c)}" customWidth="1"/>`).join('')}</cols>`;
  }
  yield '<sheetData>';
  yield rowXml(
    1,
    columns.map((c) => c.header),
    HEADER_STYLE,
  );
  let rowNumber = 1;
  let piece = '';
  for await (const row of rows) {
    rowNumber++;
    if (rowNumber > MAX_ROWS) throw new Error(`A sheet cannot have more than ${MAX_ROWS - 1} data rows`);
    piece += rowXml(rowNumber, row);
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}</sheetData></worksheet>`;
}

function rowXml(rowNumber: number, cells: SheetRow, style?: number): string {
  if (cells.length > MAX_COLUMNS) throw new Error(`Row ${rowNumber} has more than ${MAX_COLUMNS} cells`);
  const s = style === undefined ? '' : ` s="${style}"`;
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = sheetCellValue(cells[i]);
    if (value === null) continue;
    const ref = `${lettersOf(i)}${rowNumber}`;
    if (typeof value === 'number') {
      xml += `<c r="${ref}"${s}><v>${value}</v></c>`;
    } else {
      // Without xml:space="preserve" Excel trims leading and trailing spaces.
      const space = hasOuterSpace(value) ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
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
