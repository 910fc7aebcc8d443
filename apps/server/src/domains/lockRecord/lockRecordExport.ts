import { createHmac } from 'node:crypto';
import {
  csvStream,
  LOCALES,
  type Locale,
  LockRecordType,
  RECORD_EXPORT,
  RecordExportFormat,
  type RecordExportFormatName,
  type SheetColumn,
  type SheetRow,
} from '@smartlock/contract';
import { xlsxStream } from '@smartlock/contract/sheet/xlsxWriter';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { translate } from '../../i18n';
import { safeEqual } from '../../security/crypto';
import { zlibDeflater } from '../../util/zlibDeflater';
import { ownedLocksAmong } from '../lock/lockQueries';
import { requireAdvancedFunction } from '../vip/advancedFunction';
import { countExportRows, databaseNow, exportBatch, exportLocks } from './lockRecordQueries';

const DAY = 86_400_000;

/** Where a prepared export is downloaded: GET `${RECORD_EXPORT_PATH}/<token>`. */
export const RECORD_EXPORT_PATH = '/api/lock/export/file';
/** How long a download path stays valid. */
export const EXPORT_TOKEN_TTL_MS = 10 * 60_000;
/** Rows read from the database per query while streaming (docs/records.md "Measured": larger batches held more memory for no gain). */
export const EXPORT_BATCH_ROWS = 2_000;

export const EXPORT_CONTENT_TYPE: Record<RecordExportFormatName, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** What a download token carries, signed: who prepared which export, and until when it may be fetched. */
const ticketSchema = z.object({
  userId: z.number().int(),
  lockIds: z.array(z.number().int()).min(1),
  queryType: z.number().int(),
  startDate: z.number(),
  endDate: z.number(),
  format: z.enum([RecordExportFormat.xlsx, RecordExportFormat.csv]),
  lockTime: z.boolean(),
  timezoneRawOffset: z.number().int().optional(),
  locale: z.enum(LOCALES as unknown as [Locale, ...Locale[]]),
  exp: z.number(),
});
export type ExportTicket = z.infer<typeof ticketSchema>;

export interface ExportRequest {
  lockId?: number | undefined;
  lockIds?: number[] | undefined;
  queryType: number;
  startDate: number;
  endDate: number;
  format: RecordExportFormatName;
  lockTime: boolean;
  timezoneRawOffset?: number | undefined;
}

export interface RecordExportOptions {
  /** The most rows one export writes (RECORD_EXPORT.maxRows; tests inject a smaller one). */
  maxRows?: number;
  /** Rows per database read (EXPORT_BATCH_ROWS; tests inject a smaller one). */
  batchRows?: number;
  now?: () => number;
}

/** A download ready to stream. */
export interface ExportDownload {
  total: number;
  fileName: string;
  contentType: string;
  /** The file's bytes, read from the database batch by batch; stops when `signal` aborts. */
  body(signal?: AbortSignal): AsyncGenerator<Uint8Array>;
}

const TYPE_KEY_OF = new Map<number, string>(Object.entries(LockRecordType).map(([key, value]) => [value, key]));
const COLUMNS = [
  ['lock', 24],
  ['time', 20],
  ['type', 26],
  ['person', 24],
  ['credential', 18],
  ['result', 10],
  ['battery', 9],
  ['serverTime', 20],
  ['timezone', 11],
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "YYYY-MM-DD HH:mm:ss" at a UTC offset (ms). */
export function formatTime(ms: number, offsetMs: number): string {
  const d = new Date(ms + offsetMs);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** "UTC+08:00", "UTC-05:30", "UTC+00:00". */
export function timezoneLabel(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `UTC${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * Record exports (docs/records.md): `prepare` checks the request (the caller's own locks, the
 * advanced function, the window, the row count) and answers a download path carrying a signed,
 * short-lived token; `download` re-checks it for the route that streams the file.
 */
export class LockRecordExports {
  private readonly maxRows: number;
  private readonly batchRows: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    options: RecordExportOptions = {},
  ) {
    this.maxRows = options.maxRows ?? RECORD_EXPORT.maxRows;
    this.batchRows = options.batchRows ?? EXPORT_BATCH_ROWS;
    this.now = options.now ?? Date.now;
  }

  async prepare(userId: number, request: ExportRequest, locale: Locale) {
    const lockIds = [
      ...new Set([...(request.lockId !== undefined ? [request.lockId] : []), ...(request.lockIds ?? [])]),
    ];
    if (lockIds.length === 0) throw new ApiError('selectAtLeastOneLock');
    const names = await this.requireOwned(userId, lockIds);
    await requireAdvancedFunction(this.db, userId);
    const now = this.now();
    if (request.startDate < now - RECORD_EXPORT.maxDays * DAY) {
      throw new ApiError('exportWindowExceeded', {}, `startDate more than ${RECORD_EXPORT.maxDays} days back`);
    }
    if (request.endDate > now + DAY) throw new ApiError('exportWindowExceeded', {}, 'endDate beyond tomorrow');
    const ticket: ExportTicket = {
      userId,
      lockIds,
      queryType: request.queryType,
      startDate: request.startDate,
      endDate: request.endDate,
      format: request.format,
      lockTime: request.lockTime,
      ...(request.timezoneRawOffset !== undefined ? { timezoneRawOffset: request.timezoneRawOffset } : {}),
      locale,
      exp: now + EXPORT_TOKEN_TTL_MS,
    };
    const total = await this.countRows(ticket);
    return {
      total,
      fileName: fileNameOf(ticket, names),
      downloadPath: `${RECORD_EXPORT_PATH}/${this.sign(ticket)}`,
    };
  }

  /** The ticket a token carries if its signature holds and it has not expired, else "no permission". */
  open(token: string): ExportTicket {
    const [body = '', mac = '', ...rest] = token.split('.');
    if (!body || rest.length > 0 || !safeEqual(mac, this.mac(body)))
      throw new ApiError('noPermission', {}, 'export token not valid');
    let parsed: ReturnType<typeof ticketSchema.safeParse>;
    try {
      parsed = ticketSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    } catch {
      throw new ApiError('noPermission', {}, 'export token not valid');
    }
    if (!parsed.success) throw new ApiError('noPermission', {}, 'export token not valid');
    if (parsed.data.exp <= this.now()) throw new ApiError('noPermission', {}, 'export token expired');
    return parsed.data;
  }

  /**
   * The file of a ticket its own user fetches: ownership checked again (a lock transferred since
   * is refused), rows counted again, as of now — the rows stored later stay out, so the file has
   * exactly X-Export-Rows rows.
   */
  async download(userId: number, ticket: ExportTicket): Promise<ExportDownload> {
    if (userId !== ticket.userId) throw new ApiError('noPermission', {}, "another account's export");
    const names = await this.requireOwned(userId, ticket.lockIds);
    const asOf = await databaseNow(this.db);
    const total = await this.countRows(ticket, asOf);
    return {
      total,
      fileName: fileNameOf(ticket, names),
      contentType: EXPORT_CONTENT_TYPE[ticket.format],
      body: (signal) => this.file(ticket, asOf, total, signal),
    };
  }

  /** The locks' names, once every one is the caller's own; else "no permission". */
  private async requireOwned(userId: number, lockIds: number[]): Promise<string[]> {
    const owned = await ownedLocksAmong(this.db, userId, lockIds);
    if (owned.length !== lockIds.length) throw new ApiError('noPermission', {}, 'not the owner of every lock');
    return owned.map((lock) => lock.name);
  }

  /** The rows an export writes, counted over at most maxRows + 1; above maxRows: refused. */
  private async countRows(ticket: ExportTicket, asOf?: Date): Promise<number> {
    const n = await countExportRows(this.db, ticket, asOf, this.maxRows + 1);
    if (n > this.maxRows) throw new ApiError('maximumExportCountExceeded', { count: this.maxRows });
    return n;
  }

  private file(ticket: ExportTicket, asOf: Date, total: number, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
    const columns: SheetColumn[] = COLUMNS.map(([name, width]) => ({
      header: translate(ticket.locale, `records.column.${name}`),
      width,
    }));
    const rows = this.rows(ticket, asOf, total, signal);
    return ticket.format === RecordExportFormat.csv
      ? csvStream(columns, rows)
      : xlsxStream({ name: translate(ticket.locale, 'records.sheetName'), columns, rows }, { deflater: zlibDeflater });
  }

  /**
   * The rows, lock by lock (lock name, lock id), each lock's newest first (lock time desc, id
   * desc), read in keyset batches of EXPORT_BATCH_ROWS: never more than one batch in memory (a
   * batch read ahead while the last one is written lived long enough to be promoted to the old
   * generation: the heap grew by 17 MB an export instead of 6).
   * Stops early when the client has gone (`signal`) or the stream is closed.
   */
  async *rows(ticket: ExportTicket, asOf: Date, limit: number, signal?: AbortSignal): AsyncGenerator<SheetRow> {
    const { locale } = ticket;
    const typeNames = new Map<number, string>();
    const typeName = (type: number) => {
      let name = typeNames.get(type);
      if (name === undefined) {
        const key = TYPE_KEY_OF.get(type);
        name = key ? translate(locale, `records.type.${key}`) : String(type);
        typeNames.set(type, name);
      }
      return name;
    };
    const result = {
      1: translate(locale, 'records.result.success'),
      0: translate(locale, 'records.result.failed'),
    } as Record<number, string>;
    const lockRows = await exportLocks(this.db, ticket.lockIds);
    let written = 0;
    for (const lock of lockRows) {
      const offset = ticket.lockTime ? lock.offset : (ticket.timezoneRawOffset ?? 0);
      const zone = timezoneLabel(offset);
      let after: { ms: number; id: number } | undefined;
      for (;;) {
        if (signal?.aborted || written >= limit) return;
        const batch = await exportBatch(
          this.db,
          lock.id,
          ticket,
          asOf,
          after,
          Math.min(this.batchRows, limit - written),
        );
        for (const r of batch) {
          yield [
            lock.name,
            formatTime(r.lockMs, offset),
            typeName(r.recordType),
            r.person,
            r.credential,
            result[r.success] ?? String(r.success),
            r.battery,
            formatTime(r.serverMs, offset),
            zone,
          ];
        }
        written += batch.length;
        const last = batch[batch.length - 1];
        if (!last || batch.length < this.batchRows) break;
        after = { ms: last.lockMs, id: last.id };
      }
    }
  }

  private sign(ticket: ExportTicket): string {
    const body = Buffer.from(JSON.stringify(ticket), 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** Text made safe inside a file name: no path or reserved characters, no control characters, one space at most. */
function fileNamePart(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a file name must not carry
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
      .trim()
      .slice(0, 60)
      .trim()
  );
}

/**
 * "<records.fileName>_<lock name>_<YYYY-MM-DD>.<format>" for one lock's records (the lock named, so
 * files of several locks tell apart), "<records.fileName>_<YYYY-MM-DD>.<format>" for several; the
 * date the export was prepared (in the chosen timezone, else UTC).
 */
export function fileNameOf(ticket: ExportTicket, lockNames: readonly string[] = []): string {
  const preparedAt = ticket.exp - EXPORT_TOKEN_TTL_MS;
  const date = formatTime(preparedAt, ticket.timezoneRawOffset ?? 0).slice(0, 10);
  const base = fileNamePart(translate(ticket.locale, 'records.fileName'));
  const lock = lockNames.length === 1 ? fileNamePart(lockNames[0] ?? '') : '';
  return `${[base, lock, date].filter(Boolean).join('_')}.${ticket.format}`;
}
