import type { FastifyRequest } from 'fastify';
import { OpenApiError } from './openApiErrors';

/** The most parameters a call takes, and the longest value (a cyclicConfig or a JSON list is the longest). */
export const PARAMS_MAX = 60;
export const VALUE_MAX = 20_000;
/** The largest body an open API call takes. */
export const BODY_MAX_BYTES = 64 * 1024;

export type OpenApiParams = Readonly<Record<string, string>>;

/** One parameter list's values as text: numbers and booleans as written, lists and objects (JSON bodies) as JSON. */
function textValues(source: unknown, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (source == null || source === '') return out;
  if (typeof source !== 'object' || Array.isArray(source))
    throw new OpenApiError('badParameter', `${where} is not a parameter list`);
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (value == null) continue;
    if (Array.isArray(value) && where === 'query') throw new OpenApiError('badParameter', `${key} is repeated`);
    const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (text.length > VALUE_MAX) throw new OpenApiError('badParameter', `${key} is too long`);
    out[key] = text;
  }
  return out;
}

/**
 * A call's parameters as TTLock's clients send them: the query string and the body (form-encoded
 * or JSON) merged, the body winning a name given in both. Bounded in count and length.
 */
export function mergedParams(request: FastifyRequest): OpenApiParams {
  const merged = { ...textValues(request.query, 'query'), ...textValues(request.body, 'body') };
  if (Object.keys(merged).length > PARAMS_MAX) throw new OpenApiError('badParameter', 'too many parameters');
  return merged;
}

/** The first of several spellings present (TTLock's camelCase, OAuth's snake_case). */
export function either(params: OpenApiParams, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = params[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/** What identifies a v3 call's caller, from its parameters or an `Authorization: Bearer` header. */
export interface CallerCredentials {
  clientId: string | undefined;
  accessToken: string | undefined;
  date: string | undefined;
}

export function callerCredentials(request: FastifyRequest, params: OpenApiParams): CallerCredentials {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return {
    clientId: either(params, 'clientId', 'client_id'),
    accessToken: either(params, 'accessToken', 'access_token') ?? bearer,
    date: either(params, 'date'),
  };
}

/** The parameters that say who calls, never passed on as a call's own. */
export const CALLER_PARAMS: ReadonlySet<string> = new Set([
  'clientId',
  'client_id',
  'clientSecret',
  'client_secret',
  'accessToken',
  'access_token',
  'date',
]);
