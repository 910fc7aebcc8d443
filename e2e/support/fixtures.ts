import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { product } from './product';

/** The latest validation code the server delivered to an account, read from its outbox log. */
export async function latestCode(account: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const lines = readFileSync(product().logFile, 'utf8').split('\n').reverse();
    for (const line of lines) {
      if (!line.includes('message kept in the outbox')) continue;
      const entry = JSON.parse(line) as { to?: string; body?: string };
      if (entry.to === account.toLowerCase()) {
        const code = entry.body?.match(/\b\d{6}\b/)?.[0];
        if (code) return code;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no validation code for ${account} in the outbox`);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** This run's own block of the IPv6 documentation prefix (RFC 3849): addresses no real client has. */
const RUN_BLOCK = Math.floor(Math.random() * 0xffff).toString(16);
let handedOut = 0;

/**
 * An address of its own per test, so per-address limits treat tests as separate users: unique
 * to this run, this worker process and this test, even with several workers side by side.
 */
function someAddress(workerIndex: number): string {
  handedOut += 1;
  return `2001:db8:${RUN_BLOCK}:${workerIndex.toString(16)}::${handedOut.toString(16)}`;
}

export const test = base.extend<{ site: (path: string, host?: string) => string; cspViolations: string[] }>({
  // Every page of every test runs under the console's Content Security Policy without a single
  // violation (a blocked script, style or eval attempt): the test fails on the first one.
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          report(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // A header on every request of the test's browser context, not a route: routing would turn
  // the browser's cache off and send every request through the test runner.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': someAddress(testInfo.workerIndex) });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  site: async ({}, use) => {
    const { port } = product();
    await use((path: string, host = 'localhost') => `http://${host}:${port}${path}`);
  },
});

/**
 * Waits until the page's finite animations and transitions have ended (a drawer slid in, a
 * progress bar filled, a layout changed for a new viewport): state, not time. Endless ones
 * (spinners, the live badge) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    for (let round = 0; round < 20; round++) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? 0));
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Saves what the page shows, once it has settled, as output/screenshots/NAME.png; answers the picture. */
export async function shot(page: Page, name: string): Promise<Buffer> {
  await settled(page);
  return page.screenshot({ path: `output/screenshots/${name}.png`, fullPage: false });
}

export { expect };
