import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';
import { IMMUTABLE, REVALIDATE } from './web';

/** A built console as Vite leaves it: the page, a hashed script, each with its compressed copies. */
const PAGE = `<!doctype html><title>console</title>${'<!-- padding -->'.repeat(100)}<script type="module" src="/assets/index-AbC123.js"></script>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let server: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'smartlock-web-'));
  mkdirSync(join(dist, 'assets'));
  for (const [file, text] of [
    ['index.html', PAGE],
    ['assets/index-AbC123.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dist, file), text);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  }
  // Too small to be worth compressing: the build leaves it as it is.
  writeFileSync(join(dist, 'assets/tiny-Z9.js'), 'export{}');
  writeFileSync(join(dist, 'schema-config.js'), 'globalThis.x=1');
  server = await startTestServer({ WEB_DIST: dist });
}, 60_000);
afterAll(async () => server?.close());

const get = (url: string, encoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the console’s files', () => {
  it('answers / with the console’s page (the login screen), not an API error', async () => {
    for (const url of ['/', '/login', '/console/home']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe(REVALIDATE);
      expect(page.body, url).toContain('<title>console</title>');
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('sends each file as the build compressed it, brotli first, gzip else, plain to a client that takes neither', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['content-type']).toMatch(/javascript/);
    for (const small of ['/assets/tiny-Z9.js', '/schema-config.js']) {
      const reply = await get(small, 'gzip, deflate, br');
      expect(reply.statusCode, small).toBe(200);
      expect(reply.headers['content-encoding'], small).toBeUndefined();
      expect(reply.headers['content-type'], small).toMatch(/javascript/);
    }
    const page = await get('/', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
  });

  it('keeps hashed assets for a year and asks again for the page and everything else', async () => {
    expect((await get('/assets/index-AbC123.js', 'br')).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/', 'br')).headers['cache-control']).toBe(REVALIDATE);
    expect((await get('/brand/smartlock-favicon.svg')).headers['cache-control']).toBe(REVALIDATE);
  });

  it('answers a missing file with 404, never with the page', async () => {
    for (const url of ['/assets/gone-XyZ.js', '/assets/gone.css', '/brand/nothing.svg', '/robots-missing.txt']) {
      const reply = await get(url, 'br');
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type'], url).not.toMatch(/html/);
    }
  });
});
