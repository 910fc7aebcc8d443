import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { type Product, stateFile } from './product';

function product(): Product {
  return JSON.parse(readFileSync(stateFile(), 'utf8')) as Product;
}

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

/** The documentation ranges (RFC 5737): 3 x 254 addresses no real client has. */
const RANGES = ['192.0.2', '198.51.100', '203.0.113'];
let handedOut = Math.floor(Math.random() * RANGES.length * 254);

/**
 * An address of its own per test, so per-address limits treat tests as separate users: handed
 * out in turn (the suite runs in one worker), never the same twice within a run.
 */
function someAddress(): string {
  const n = handedOut++ % (RANGES.length * 254);
  return `${RANGES[Math.floor(n / 254)]}.${1 + (n % 254)}`;
}

export const test = base.extend<{ site: (path: string, host?: string) => string; ownAddress: undefined }>({
  ownAddress: [
    async ({ context }, use) => {
      const address = someAddress();
      await context.route('**/api/**', (route) =>
        route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
      );
      await use(undefined);
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  site: async ({}, use) => {
    const { port } = product();
    await use((path: string, host = 'localhost') => `http://${host}:${port}${path}`);
  },
});

/** Saves what the page shows as output/screenshots/NAME.png; answers the picture. */
export async function shot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: `output/screenshots/${name}.png`, fullPage: false });
}

export { expect };
