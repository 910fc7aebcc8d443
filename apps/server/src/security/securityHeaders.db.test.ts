import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { company, lock } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { CONSOLE_CSP } from './securityHeaders';

let server: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'smartlock-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>console</title><script type="module" src="/a.js"></script>',
  );
  writeFileSync(join(dist, 'a.js'), 'console.log(1)');
  server = await startTestServer({ WEB_DIST: dist });
}, 60_000);
afterAll(async () => server?.close());

describe('security headers', () => {
  it('gives the console’s pages a strict policy: own scripts only, no framing, no plugins', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/console/home' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("script-src 'self';");
    expect(CONSOLE_CSP).not.toMatch(/script-src[^;]*unsafe/);
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('marks every reply nosniff and without referrer, API and files alike', async () => {
    for (const url of ['/a.js', '/healthz', '/api/no/such/call']) {
      const reply = await server.app.inject({ method: 'GET', url });
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
      expect(reply.headers['referrer-policy'], url).toBe('no-referrer');
      expect(reply.headers['content-security-policy'], url).toBeUndefined();
    }
  });

  it('lets no browser or proxy store an API reply, answered or refused', async () => {
    const answered = await server.client().call(company.getCompanyInfo, { domainName: 'localhost' });
    const refused = await server.client().call(lock.list, {});
    const unknown = await server.app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(answered.body.errorCode).toBe(0);
    expect(refused.body.errorCode).not.toBe(0);
    for (const reply of [answered, refused, unknown]) expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('asks for HTTPS from then on only when the request came over HTTPS', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await server.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
