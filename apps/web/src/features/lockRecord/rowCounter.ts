import { RecordExportFormat, type RecordExportFormatName } from '@smartlock/contract';

/**
 * Counts the rows of an export file as it downloads, chunk by chunk (the files are not
 * compressed): in an xlsx sheet every row ends with `</row>`, in a CSV with `\r\n`. The first
 * row is the header. A row end split across two chunks counts once.
 */
export interface RowCounter {
  /** Reads one more chunk; answers the data rows so far. */
  push(chunk: Uint8Array): number;
  /** The data rows once the file is complete (a CSV's last line may have no line break). */
  finish(): number;
}

const MARKERS: Record<RecordExportFormatName, Uint8Array> = {
  [RecordExportFormat.xlsx]: new TextEncoder().encode('</row>'),
  [RecordExportFormat.csv]: new TextEncoder().encode('\r\n'),
};

export function createRowCounter(format: RecordExportFormatName): RowCounter {
  const marker = MARKERS[format];
  // Neither marker's beginning recurs inside it, so a mismatch restarts at its first byte.
  let matched = 0;
  let ends = 0;
  /** A CSV line begun after the last line break. */
  let openLine = false;
  const rows = () => Math.max(0, ends - 1);
  return {
    push(chunk) {
      for (const byte of chunk) {
        if (byte === marker[matched]) matched++;
        else matched = byte === marker[0] ? 1 : 0;
        if (matched === marker.length) {
          ends++;
          matched = 0;
          openLine = false;
        } else {
          openLine = true;
        }
      }
      return rows();
    },
    finish() {
      if (format === RecordExportFormat.csv && openLine) {
        ends++;
        openLine = false;
        matched = 0;
      }
      return rows();
    },
  };
}

/** The percentage of an export downloaded so far, 0 to 100 (100 only once all rows are in). */
export function downloadPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** Where to fetch an export's download path: the API's, unless it is already under /api or a full address. */
export function downloadUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/api/')) return path;
  return `/api${path.startsWith('/') ? '' : '/'}${path}`;
}
