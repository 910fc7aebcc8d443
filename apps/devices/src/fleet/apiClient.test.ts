import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, gateway, lock, RequestParam, signRequest } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCallError, ApiClient } from './apiClient';

const APP = { appId: 'smartlock-console', appSecret: 'console-secret-0123456789' };

/** A stand-in API: checks signatures, opens sessions, expires the first one early. */
let server: Server;
let baseUrl: string;
const seen: Array<{ path: string; params: Record<string, string>; cookie: string | undefined }> = [];
let sessions = 0;

async function paramsOf(request: IncomingMessage, url: URL): Promise<Record<string, string>> {
  if (request.method === 'GET') return Object.fromEntries(url.searchParams);
  let body = '';
  for await (const chunk of request) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const reply = (data: unknown, errorCode = 0, headers: Record<string, string> = {}) => {
      response.writeHead(200, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify({ errorCode, errorMsg: '', description: '', data }));
    };
    if (url.pathname === '/app-config.json') {
      response.end(JSON.stringify({ ...APP, signatureWindowSeconds: 300 }));
      return;
    }
    const path = url.pathname.replace(/^\/api/, '');
    const params = await paramsOf(request, url);
    const cookie = /ACCESS_TOKEN=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    seen.push({ path, params, cookie });
    const { sign, ...unsigned } = params;
    if (sign !== (await signRequest(path, unsigned, APP.appSecret))) return reply(null, ErrorCode.badSignature);
    if (path === '/user/login') {
      sessions++;
      return reply({ uid: 7, expiresIn: 3600 }, 0, {
        'set-cookie': `ACCESS_TOKEN=session-${sessions}; Path=/; HttpOnly`,
      });
    }
    if (cookie !== `session-${sessions}` || sessions === 1) return reply(null, ErrorCode.loginExpired);
    if (path === '/gateway/list') return reply({ list: [], pageNo: 1, pageSize: 200, pages: 1, total: 0 });
    if (path === '/lock/initialize') return reply(null, ErrorCode.lockAlreadyAdded, {});
    return reply(null, ErrorCode.notFound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the API client', () => {
  it('signs every call as the console does and keeps the session cookie, logging in again when it expires', async () => {
    const api = new ApiClient(baseUrl);
    await api.login('owner@example.com', 'Secret#2026');
    const page = await api.call(gateway.list, { pageNo: 1, pageSize: 200 });
    expect(page.list).toEqual([]);
    expect(seen.map((s) => s.path)).toEqual(['/user/login', '/gateway/list', '/user/login', '/gateway/list']);
    const last = seen.at(-1);
    expect(last?.cookie).toBe('session-2');
    expect(last?.params).toMatchObject({ pageNo: '1', pageSize: '200', [RequestParam.appId]: APP.appId });
    const timestamps = seen.map((s) => Number(s.params[RequestParam.timestamp]));
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    expect(new Set(timestamps).size).toBe(timestamps.length);
  });

  it('names the catalogue error of a refused call', async () => {
    const api = new ApiClient(baseUrl);
    await api.login('owner@example.com', 'Secret#2026');
    const call = api.call(lock.initialize, {
      lockMac: '02:11:22:33:44:55',
      lockNumber: 'S31_334455',
      lockName: 'Door',
      firmware: '6.1',
      featureValue: '1',
      passcodeVersion: 4,
    });
    await expect(call).rejects.toBeInstanceOf(ApiCallError);
    await expect(call).rejects.toMatchObject({ errorName: 'lockAlreadyAdded' });
  });
});
