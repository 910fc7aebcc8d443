import { RecordExportFormat, type RecordExportFormatName } from '@smartlock/contract';
import { createMarkerCounter, type RowCounter } from './markerCounter';

export type { RowCounter } from './markerCounter';

/**
 * The counter for a format: a CSV's lines (`\r\n`) are counted as they come; an xlsx file is
 * deflated, so its counter (loaded with the inflater when an xlsx export starts) inflates the
 * sheet as it comes and counts its `</row>`s.
 */
export async function createRowCounter(format: RecordExportFormatName): Promise<RowCounter> {
  if (format === RecordExportFormat.csv) return createMarkerCounter('\r\n', true);
  const { createXlsxRowCounter } = await import('./xlsxRowCounter');
  return createXlsxRowCounter();
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
