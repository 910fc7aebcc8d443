/**
 * The first minute on a slow phone network: the built console (apps/web/dist, `npm run build`
 * first) served by the real server in process, opened in headless Chromium with a slow-4G
 * profile (1.6 Mbps down, 750 kbps up, 150 ms round trip) and the CPU slowed 4x, cache empty
 * each time. Prints, over RUNS first visits:
 * - time to the login form (navigation start to the login button visible), p50 and worst;
 *   budget p50 at most 4 s;
 * - the reference, measured in the same run and profile: the same files (the page and the login
 *   route's JavaScript and CSS, compressed as served) fetched side by side from a blank page,
 *   with nothing run: what the network alone costs; and the ratio;
 * - the same login page with compression refused (Accept-Encoding: identity), as it was served
 *   before build-time compression;
 * - a second visit with the cache kept (hashed assets are immutable for a year): the page only.
 * Run: npm run bench -w @smartlock/bench -- firstLoad   (CHROMIUM_PATH: by default the headless shell where installed, e2e/support/chromium.ts)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { buildApp } from '@smartlock/server/src/app';
import { testConfig } from '@smartlock/server/src/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { BENCH_CONSOLE_SECRET, percentile } from './support';

const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 5);
const BUDGET_MS = 4000;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('No built console in apps/web/dist: run `npm run build` first.');
  process.exit(2);
}

const app = await buildApp(testConfig({ CONSOLE_APP_SECRET: BENCH_CONSOLE_SECRET, WEB_DIST: dist, DEMO: false }));
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

/** A page on the slow profile; `identity` refuses compression. */
async function slowPage(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** Opens /login; answers the milliseconds to the login form and what it fetched. */
async function openLogin(context: BrowserContext): Promise<{ ms: number; files: string[]; bytes: number }> {
  const page = await slowPage(context);
  const files: string[] = [];
  let bytes = 0;
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/') || url.pathname === '/login') files.push(url.pathname);
    bytes += (await request.sizes()).responseBodySize;
  });
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  await page.getByTestId('login-submit').waitFor({ state: 'visible', timeout: 60_000 });
  const ms = await page.evaluate(() => performance.now());
  await page.close();
  return { ms, files, bytes };
}

/** The reference: the same files fetched at once from a blank page, nothing run. */
async function fetchOnly(context: BrowserContext, files: string[]): Promise<number> {
  const page = await slowPage(context);
  await page.goto(`${base}/robots-none.txt`).catch(() => undefined);
  const ms = await page.evaluate(async (urls) => {
    const start = performance.now();
    await Promise.all(urls.map((url) => fetch(url).then((r) => r.arrayBuffer())));
    return performance.now() - start;
  }, files);
  await page.close();
  return ms;
}

const firstVisits: number[] = [];
const references: number[] = [];
const uncompressed: number[] = [];
const repeatVisits: number[] = [];
let transferred = 0;
for (let run = 0; run < RUNS; run += 1) {
  const fresh = await browser.newContext();
  const first = await openLogin(fresh);
  firstVisits.push(first.ms);
  transferred = first.bytes;
  repeatVisits.push((await openLogin(fresh)).ms);
  await fresh.close();
  const blank = await browser.newContext();
  references.push(await fetchOnly(blank, first.files));
  await blank.close();
  const identity = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'identity' } });
  uncompressed.push((await openLogin(identity)).ms);
  await identity.close();
}
await browser.close();
await app.close();

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p50 = (values: number[]) => percentile(sorted(values), 50);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const login = p50(firstVisits);
const reference = p50(references);
console.log(`slow 4G (1.6 Mbps, 150 ms RTT), CPU ${CPU_SLOWDOWN}x slower, ${RUNS} runs each`);
console.log(
  `login form, first visit:      p50 ${seconds(login)}, worst ${seconds(Math.max(...firstVisits))}, ${(transferred / 1024).toFixed(0)} KB transferred   budget ${seconds(BUDGET_MS)}: ${login <= BUDGET_MS ? 'met' : 'MISSED'}`,
);
console.log(`reference, same files fetched only: p50 ${seconds(reference)}   ratio ${(login / reference).toFixed(2)}`);
console.log(`login form, uncompressed:       p50 ${seconds(p50(uncompressed))}`);
console.log(`login form, second visit:       p50 ${seconds(p50(repeatVisits))}`);
if (login > BUDGET_MS) process.exitCode = 1;
