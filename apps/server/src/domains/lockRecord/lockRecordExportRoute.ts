import { Readable } from 'node:stream';
import { DEFAULT_LOCALE, type Locale } from '@smartlock/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/apiError';
import { errorEnvelope } from '../../http/reply';
import type { SessionStore } from '../../http/session';
import { type LockRecordExports, RECORD_EXPORT_PATH } from './lockRecordExport';

/** A file name for Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * GET /api/lock/export/file/<token> — the file a /lock/export prepared, streamed. Not a contract
 * call: the browser follows it as a link, with the session cookie and no request signature. The
 * token's signature and expiry are checked, the session must be the token's user, and the
 * locks must still be theirs; otherwise the error envelope (403 "no permission", 401 without a
 * session). The file streams batch by batch with backpressure: a client that goes away stops
 * the database reads.
 */
export function registerLockRecordExportRoute(
  app: FastifyInstance,
  deps: { sessions: SessionStore; exports: LockRecordExports },
): void {
  // A wildcard, not a :token parameter: tokens run longer than Fastify's 100-character parameter limit.
  app.get<{ Params: { '*': string } }>(`${RECORD_EXPORT_PATH}/*`, async (request, reply) => {
    let locale: Locale = DEFAULT_LOCALE;
    try {
      const ticket = deps.exports.open(request.params['*']);
      locale = ticket.locale;
      const session = await deps.sessions.resolve(deps.sessions.tokenOf(request, undefined));
      const download = await deps.exports.download(session.userId, ticket);
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', contentDisposition(download.fileName))
        .header('x-export-rows', String(download.total))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(download.body(gone.signal), { objectMode: false }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      request.log.info({ errorName: error.errorName, detail: error.detail }, 'export download refused');
      return reply
        .code(error.httpStatus)
        .header('cache-control', 'no-store')
        .send(errorEnvelope(locale, error.errorName, error.params, error.publicDetail));
    }
  });
}
