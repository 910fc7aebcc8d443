import type { DataOf, RecordExportFormatName } from '@smartlock/contract';
import type { CallParams } from '@smartlock/contract/client';
import { lockRecord } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';
import { createRowCounter, downloadUrl } from './rowCounter';

export type RecordPage = DataOf<typeof lockRecord.list>;
export type RecordItem = RecordPage['list'][number];
export type RecordExport = DataOf<typeof lockRecord.exportRecords>;

export interface RecordListQuery {
  lockId: number;
  queryType: number;
  /** One credential's filter (`keyboardPwd: '123456'`), or none. */
  credential: Record<string, string | number>;
  searchStr: string;
  startDate: number | undefined;
  endDate: number | undefined;
  pageNo: number;
  pageSize: number;
}

export const recordKeys = {
  list: (query: RecordListQuery) => [...QUERY_ROOT.lockRecord, 'list', query] as const,
};

/** One page of a lock's records, newest first; the previous page stays while the next loads. */
export function useLockRecords(query: RecordListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: recordKeys.list(query),
    queryFn: () =>
      api.call(lockRecord.list, {
        lockId: query.lockId,
        queryType: query.queryType,
        ...query.credential,
        searchStr: query.searchStr || undefined,
        startDate: query.startDate,
        endDate: query.endDate,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The download failed: the HTTP status (0 when the network failed). */
export class DownloadFailure extends Error {
  constructor(readonly status: number) {
    super(`download failed (${status})`);
  }
}

/**
 * Downloads a prepared export (same session), counting its rows as they arrive for the progress
 * bar; `signal` stops it (the fetch rejects with an AbortError). Answers the file and its rows.
 */
export async function downloadExport(
  prepared: RecordExport,
  format: RecordExportFormatName,
  onRows: (rows: number) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; rows: number }> {
  const response = await fetch(downloadUrl(prepared.downloadPath), { credentials: 'include', signal });
  if (!response.ok || !response.body) throw new DownloadFailure(response.status);
  const counter = await createRowCounter(format);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let last = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    const rows = counter.push(value);
    if (rows !== last) {
      last = rows;
      onRows(rows);
    }
  }
  const rows = counter.finish();
  onRows(rows);
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks as BlobPart[], { type }), rows };
}

/**
 * Asks the server to prepare an export of the records of one lock or several; resolves to where
 * to download it and how many rows it holds. A plain call: the export page follows the download.
 */
export const prepareRecordExport = (
  api: ApiClient,
  lockIds: readonly number[],
  query: Omit<CallParams<typeof lockRecord.exportRecords>, 'lockId' | 'lockIds'>,
) =>
  api.call(lockRecord.exportRecords, {
    ...(lockIds.length === 1 ? { lockId: lockIds[0] } : { lockIds: lockIds.join(',') }),
    ...query,
  });
