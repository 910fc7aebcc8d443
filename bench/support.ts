/** What the benchmarks share: percentiles, signed calls through app.inject, a logged-in account. */
import { type CallDefinition, user } from '@smartlock/contract';
import { RequestSigner } from '@smartlock/contract/client';
import type { Db } from '@smartlock/server/src/db/client';
import { locks } from '@smartlock/server/src/db/schema';
import type { FastifyInstance } from 'fastify';

export const BENCH_CONSOLE_SECRET = 'bench-console-secret-0123456789';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const BENCH_CONSOLE = { appId: 'smartlock-console', secret: BENCH_CONSOLE_SECRET };
const signer = new RequestSigner();

/** Parameters signed as the console signs them (app id, timestamp, HMAC), by the contract's signer. */
export async function signedBody(path: string, params: Record<string, string>): Promise<Record<string, string>> {
  return signer.sign(path, params, BENCH_CONSOLE);
}

/** A signed call in process; the reply's JSON. */
export async function call(
  app: FastifyInstance,
  definition: CallDefinition,
  params: Record<string, string>,
  cookie = '',
) {
  const body = new URLSearchParams(await signedBody(definition.path, params)).toString();
  const headers: Record<string, string> = cookie ? { cookie: `ACCESS_TOKEN=${cookie}` } : {};
  const response =
    definition.method === 'GET'
      ? await app.inject({ method: 'GET', url: `/api${definition.path}?${body}`, headers })
      : await app.inject({
          method: 'POST',
          url: `/api${definition.path}`,
          payload: body,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        });
  return { json: response.json() as { errorCode: number; data: unknown }, response };
}

/** Logs an existing account in; its session cookie. */
export async function loginCookie(app: FastifyInstance, account: string, password: string): Promise<string> {
  const { response } = await call(app, user.login, { account, password });
  const cookie = response.cookies.find((c) => c.name === 'ACCESS_TOKEN')?.value;
  if (!cookie) throw new Error(`login failed: ${response.body}`);
  return cookie;
}

/** A signed call over HTTP to a server running apart, with a session cookie and a caller's address. */
export async function httpSend(
  base: string,
  definition: CallDefinition,
  params: Record<string, string>,
  caller: { cookie?: string; address?: string } = {},
) {
  const body = new URLSearchParams(await signedBody(definition.path, params)).toString();
  const headers: Record<string, string> = {};
  if (caller.cookie) headers.cookie = `ACCESS_TOKEN=${caller.cookie}`;
  if (caller.address) headers['x-forwarded-for'] = caller.address;
  const response =
    definition.method === 'GET'
      ? await fetch(`${base}/api${definition.path}?${body}`, { headers })
      : await fetch(`${base}/api${definition.path}`, {
          method: 'POST',
          body,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        });
  const json = (await response.json()) as { errorCode: number; data: unknown };
  return { status: response.status, json, response };
}

/** A signed call over HTTP to a server running apart; the reply's data (throws on an error code). */
export async function httpCall(base: string, definition: CallDefinition, params: Record<string, string>, cookie = '') {
  const { json } = await httpSend(base, definition, params, { cookie });
  if (json.errorCode !== 0) throw new Error(`${definition.path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Logs in over HTTP; the session cookie. */
export async function httpLogin(base: string, account: string, password: string, address?: string): Promise<string> {
  const { json, response } = await httpSend(base, user.login, { account, password }, { address });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ACCESS_TOKEN='));
  if (json.errorCode !== 0 || !cookie) throw new Error(`login of ${account} failed: ${JSON.stringify(json)}`);
  return cookie.slice('ACCESS_TOKEN='.length).split(';')[0] as string;
}

/** `count` door locks of an owner, inserted in batches (MACs `prefix:xx:xx:xx`); their ids. */
export async function addLocks(db: Db, owner: number, count: number, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const hex = (start + k).toString(16).padStart(6, '0').toUpperCase();
      return {
        ownerId: owner,
        mac: `${prefix}:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`,
        lockNumber: `S31_${start + k}`,
        name: `Door ${String(start + k + 1).padStart(5, '0')}`,
        firmware: '6.1.24',
        featureValue: 'F44D5F7',
        passcodeVersion: 4,
        lockSecret: 'bench',
        timezoneRawOffset: 8 * 3_600_000,
      };
    });
    ids.push(...(await db.insert(locks).values(batch).returning({ id: locks.id })).map((l) => l.id));
  }
  return ids;
}
