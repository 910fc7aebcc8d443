import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, SmartLock, SmartLockError } from './index';

/** What the local API answered with, and what it saw: a real HTTP server the client talks to. */
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  authorization: string | undefined;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}
let answers: Answer[] = [];

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => resolve(text));
  });
}

const ok = (data: unknown): Answer => ({ status: 200, body: { errorCode: 0, errorMsg: 'ok', description: '', data } });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    seen.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      body: new URLSearchParams(await read(request)),
      authorization: request.headers.authorization,
    });
    const answer: Answer = answers.shift() ?? ok(null);
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  answers = [];
});

describe('SmartLock client', () => {
  it('sends a read with the API key as a Bearer header and the parameters in the query, and answers the data', async () => {
    answers = [ok({ list: [{ lockId: 1 }], pageNo: 1, pageSize: 20, pages: 1, total: 1 })];
    const client = new SmartLock({ baseUrl, apiKey: 'slk_abc' });
    const data = await client.call(calls.lock.list, { pageNo: 1, pageSize: 20 });
    expect(data.list).toEqual([{ lockId: 1 }]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/lock/list', authorization: 'Bearer slk_abc' });
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({ pageNo: '1', pageSize: '20' });
  });

  it('sends a change as a form body, and signs as an application when given app credentials', async () => {
    const client = new SmartLock({ baseUrl, app: { appId: 'my-app', secret: 's3cret' }, accessToken: 'tok' });
    await client.call(calls.lock.unlock, { lockId: 9 });
    const sent = seen[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.authorization).toBeUndefined();
    expect(sent?.body.get('lockId')).toBe('9');
    expect(sent?.body.get('appId')).toBe('my-app');
    expect(sent?.body.get('accessToken')).toBe('tok');
    expect(sent?.body.get('sign')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('throws the catalogue error with its name, message and HTTP status', async () => {
    answers = [
      {
        status: 404,
        body: { errorCode: -1003, errorMsg: 'The lock does not exist', description: 'lockId', data: null },
      },
    ];
    const client = new SmartLock({ baseUrl, apiKey: 'slk_abc' });
    const error = await client.call(calls.lock.detail, { lockId: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmartLockError);
    expect(error).toMatchObject({
      status: 404,
      errorCode: -1003,
      errorName: 'notFound',
      message: 'The lock does not exist',
    });
    expect(seen).toHaveLength(1);
  });

  it('tries a read again after 429 as Retry-After says, and never a change', async () => {
    const limited = {
      status: 429,
      headers: { 'retry-after': '0' },
      body: { errorCode: 30006, errorMsg: 'Too many', description: '', data: null },
    };
    answers = [limited, ok({ list: [], pageNo: 1, pageSize: 20, pages: 0, total: 0 })];
    const client = new SmartLock({ baseUrl, apiKey: 'slk_abc' });
    await expect(client.call(calls.lock.list)).resolves.toMatchObject({ total: 0 });
    expect(seen).toHaveLength(2);

    seen.length = 0;
    answers = [limited];
    await expect(client.call(calls.lock.unlock, { lockId: 1 })).rejects.toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
  });

  it('an answer that is not an API reply is an error with code -1', async () => {
    answers = [{ status: 502, body: 'Bad Gateway' }];
    const client = new SmartLock({ baseUrl, apiKey: 'slk_abc', retries: 0 });
    await expect(client.call(calls.lock.list)).rejects.toMatchObject({ errorCode: -1, status: 502 });
  });

  it('walks every page of a list', async () => {
    answers = [
      ok({ list: [{ lockId: 1 }, { lockId: 2 }], pageNo: 1, pageSize: 2, pages: 2, total: 3 }),
      ok({ list: [{ lockId: 3 }], pageNo: 2, pageSize: 2, pages: 2, total: 3 }),
    ];
    const client = new SmartLock({ baseUrl, apiKey: 'slk_abc' });
    const ids: number[] = [];
    for await (const lock of client.items(calls.lock.list, { pageSize: 2 })) ids.push(lock.lockId);
    expect(ids).toEqual([1, 2, 3]);
    expect(seen.map((s) => s.query.get('pageNo'))).toEqual(['1', '2']);
  });

  it('refuses to start without credentials, or with something that is not an API key', () => {
    expect(() => new SmartLock({ baseUrl })).toThrow(/apiKey/);
    expect(() => new SmartLock({ baseUrl, apiKey: 'abc' })).toThrow(/slk_/);
  });
});
