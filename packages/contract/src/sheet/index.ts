export {
  accessKindKey,
  accessSheet,
  accessValidityKey,
  cycleText,
  lockTimeText,
  type SheetText,
  utcOffsetText,
} from './accessSheet';
export { batchText, CHUNK_BYTES } from './chunker';
export { csvStream } from './csv';
export { columnWidth, MAX_CELL_CHARS, sanitizeSheetName, sheetCellValue, stripInvalidXml } from './sheetCells';
export type { Sheet, SheetCell, SheetColumn, SheetRow, SheetRows } from './types';
