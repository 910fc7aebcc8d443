import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PASSWORD } from './fixtures';

/** The MD5 of a password as TTLock's clients send it. */
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface TtlockRequest {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number>;
  form?: Record<string, string | number>;
  json?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface TtlockReply {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, unknown> & { errcode?: number; errmsg?: string; description?: string };
}

const text = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));

/** Sends what a TTLock open API client sends, in any of the styles the public clients use. */
export async function ttlock(app: FastifyInstance, path: string, request: TtlockRequest = {}): Promise<TtlockReply> {
  const query = request.query ? `?${new URLSearchParams(text(request.query)).toString()}` : '';
  const headers: Record<string, string> = { ...request.headers };
  let payload: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(text(request.form)).toString();
  } else if (request.json) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.json);
  }
  const response = await app.inject({
    method: request.method ?? (payload === undefined ? 'GET' : 'POST'),
    url: `${path}${query}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** A token by the password grant, form-encoded with snake_case names (Home Assistant's way). */
export async function passwordToken(
  app: FastifyInstance,
  credentials: ClientCredentials,
  username: string,
  password = PASSWORD,
): Promise<{ access_token: string; refresh_token: string; uid: number; expires_in: number }> {
  const reply = await ttlock(app, '/oauth2/token', {
    form: {
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username,
      password: md5(password),
    },
  });
  if (typeof reply.body.access_token !== 'string') throw new Error(`no token: ${JSON.stringify(reply.body)}`);
  return reply.body as never;
}

/** The common parameters of a v3 call, dated now. */
export function auth(clientId: string, accessToken: string) {
  return { clientId, accessToken, date: Date.now() };
}
