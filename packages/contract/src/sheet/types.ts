/** One spreadsheet cell: text, a number, or nothing (null/undefined leave the cell empty). */
export type SheetCell = string | number | null | undefined;

/** One data row, cells in column order. */
export type SheetRow = readonly SheetCell[];

/** A column: its header text and, for .xlsx, its width in characters. */
export interface SheetColumn {
  header: string;
  width?: number;
}

/** Rows may come from an array or be streamed from a database cursor. */
export type SheetRows = AsyncIterable<SheetRow> | Iterable<SheetRow>;

/** One worksheet to write: its tab name, columns (the bold, frozen header row) and data rows. */
export interface Sheet {
  name: string;
  columns: readonly SheetColumn[];
  rows: SheetRows;
}
