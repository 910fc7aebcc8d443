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

/** Upload limits for multipart calls. */
export const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024, files: 5, fields: 100, fieldSize: 64 * 1024 };

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

/**
 * The parameters of a call as spec section 7 sends them: the query string for GET, a
 * form-encoded body for POST, or a multipart body for uploads (fields are parameters, files
 * are kept apart). Anything else is refused; a name given twice is refused.
 */
export async function readParams(request: FastifyRequest, multipartAllowed: boolean): Promise<RawParams> {
  if (request.method === 'GET') return { params: flat(request.query), files: [] };
  const type = contentType(request);
  if (type === 'application/x-www-form-urlencoded') return { params: flat(request.body), files: [] };
  if (type === 'multipart/form-data' && multipartAllowed) {
    const params: Record<string, string> = {};
    const files: UploadedFile[] = [];
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else {
        if (part.fieldname in params || typeof part.value !== 'string') {
          throw new ApiError('badParameter', {}, `parameter "${part.fieldname}" is repeated or not text`);
        }
        params[part.fieldname] = part.value;
      }
    }
    return { params, files };
  }
  if (type === '' && request.body == null) return { params: flat(request.query), files: [] };
  throw new ApiError('unsupportedContentType', {}, `content type "${type}"`);
}
