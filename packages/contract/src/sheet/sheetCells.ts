import type { SheetCell, SheetColumn } from './types';

/**
 * What a workbook may hold, whichever library writes it: the cell and tab-name rules of Excel
 * (and of XML 1.0, which carries the sheet) applied before the library sees the values.
 */

/** Excel refuses longer cell text. */
export const MAX_CELL_CHARS = 32_767;
/** Columns without a width get this many characters; wider than Excel's limit is cut to it. */
export const DEFAULT_COLUMN_WIDTH = 16;
const MAX_COLUMN_WIDTH = 255;

/** Characters XML 1.0 forbids (most C0 controls, U+FFFE/U+FFFF, lone surrogates): a parser rejects the whole file. */
const XML_INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/** What might be invalid, code unit by code unit: surrogates (valid in pairs) and what XML_INVALID drops. */
const MAYBE_INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/;

/** Drops the characters XML 1.0 cannot carry at all. */
export function stripInvalidXml(text: string): string {
  // Most text has nothing to drop: a plain scan decides, the Unicode-aware replace runs only when needed.
  return MAYBE_INVALID.test(text) ? text.replace(XML_INVALID, '') : text;
}

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max).replace(/[\uD800-\uDBFF]$/, '') : text;
}

/**
 * A cell as a workbook can store it: text without the characters XML forbids and at most
 * 32,767 characters long, finite numbers as numbers, anything else (null, undefined, NaN,
 * Infinity: Excel has none of them) as an empty cell.
 */
export function sheetCellValue(value: SheetCell): string | number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  return truncate(stripInvalidXml(value), MAX_CELL_CHARS);
}

/** A column's width in characters: its own when positive and finite (at most 255), else the default. */
export function columnWidth(column: SheetColumn): number {
  const requested = column.width;
  return requested !== undefined && Number.isFinite(requested) && requested > 0
    ? Math.min(requested, MAX_COLUMN_WIDTH)
    : DEFAULT_COLUMN_WIDTH;
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
  clean = truncate(clean, 31);
  if (clean.toLowerCase() === 'history') clean = `${clean}_`;
  return clean.length > 0 ? clean : 'Sheet1';
}
