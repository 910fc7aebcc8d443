export { crc32 } from './crc32';
export { csvStream } from './csv';
export type { SheetCell, SheetColumn, SheetRow, SheetRows } from './types';
export { columnLetters, type Sheet, sanitizeSheetName, xlsxBytes, xlsxStream } from './xlsx';
export { type ZipEntry, type ZipOptions, zipStream } from './zip';
