import type { Upload } from '@smartlock/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './apiError';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface RawParams {
  params: Record<string, string>;
  files: UploadedFile[];
}

/** What an upload's fields may take besides its file: the signed parameters, each short. */
export const UPLOAD_FIELD_LIMITS = { fields: 100, fieldSize: 64 * 1024 } as const;
/** The body of an upload beyond its file: every field at its largest, and the part headers. */
const FIELDS_ALLOWANCE = UPLOAD_FIELD_LIMITS.fields * (UPLOAD_FIELD_LIMITS.fieldSize / 16) + 16 * 1024;

function flat(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (source == null) return out;
  if (typeof source !== 'object') throw new ApiError('badParameter', {}, 'body is not a parameter list');
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (typeof value !== 'string') throw new ApiError('badParameter', {}, `parameter "${key}" is repeated or not text`);
    out[key] = value;
  }
  return out;
}

function contentType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Multipart limits hit: the body is larger than the call takes. */
const TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/** An error of reading the body itself (not of the caller's check): what the client sent is at fault. */
function bodyError(error: unknown): ApiError {
  const code = (error as { code?: string }).code ?? '';
  if (TOO_LARGE.has(code)) return new ApiError('payloadTooLarge', {}, code);
  if (code === 'FST_FILES_LIMIT') return new ApiError('badParameter', {}, 'one file per upload');
  // Truncated bodies, a boundary missing or not found, malformed part headers: a bad request,
  // never a server error (and no stack trace in the log).
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError('badParameter', {}, `malformed multipart body: ${message.slice(0, 120)}`);
}

/** Marks errors of the caller's check, so they pass through the body's error mapping untouched. */
class CallerRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('caller refused');
  }
}

/**
 * The parameters of a call as spec section 7 sends them: the query string for GET, a
 * form-encoded body for POST, or a multipart body for an upload (fields are parameters, the one
 * file is kept apart). Anything else is refused; a name given twice is refused.
 *
 * An upload's fields come first: `checkCaller` runs on them before any file byte is read (the
 * signature, the session), so a stranger's upload is refused with its file unread. The body is
 * refused at once when it announces more than the call takes, and read no further than its cap.
 */
export async function readParams(
  request: FastifyRequest,
  upload: Upload | undefined,
  checkCaller: (params: Record<string, string>) => Promise<unknown>,
): Promise<RawParams> {
  if (request.method === 'GET') return { params: flat(request.query), files: [] };
  const type = contentType(request);
  if (type === 'application/x-www-form-urlencoded') return { params: flat(request.body), files: [] };
  if (type === 'multipart/form-data' && upload) return readUpload(request, upload, checkCaller);
  if (type === '' && request.body == null) return { params: flat(request.query), files: [] };
  throw new ApiError('unsupportedContentType', {}, `content type "${type}"`);
}

async function readUpload(
  request: FastifyRequest,
  upload: Upload,
  checkCaller: (params: Record<string, string>) => Promise<unknown>,
): Promise<RawParams> {
  const announced = Number(request.headers['content-length'] ?? Number.NaN);
  if (announced > upload.maxBytes + FIELDS_ALLOWANCE) {
    throw new ApiError('payloadTooLarge', {}, `body of ${announced} bytes`);
  }
  const params: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let checked = false;
  const check = async () => {
    if (checked) return;
    checked = true;
    await checkCaller(params).catch((error: unknown) => {
      throw new CallerRefused(error);
    });
  };
  try {
    const parts = request.parts({ limits: { ...UPLOAD_FIELD_LIMITS, files: 1, fileSize: upload.maxBytes } });
    for await (const part of parts) {
      if (part.type === 'file') {
        await check();
        if (part.fieldname !== upload.part) throw new ApiError('badParameter', {}, `no file part "${part.fieldname}"`);
        const data = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
          throw new ApiError(upload.tooLarge, { megabytes: upload.maxBytes / 1_048_576 }, 'file over its cap');
        });
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else {
        if (files.length > 0) throw new ApiError('badParameter', {}, 'fields come before the file');
        if (part.fieldname in params || typeof part.value !== 'string') {
          throw new ApiError('badParameter', {}, `parameter "${part.fieldname}" is repeated or not text`);
        }
        params[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof CallerRefused) throw error.refusal;
    if (error instanceof ApiError) throw error;
    throw bodyError(error);
  }
  await check();
  return { params, files };
}
