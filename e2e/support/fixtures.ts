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

/** A documentation-range address per test, so per-address limits treat tests as separate users. */
function someAddress(): string {
  return `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
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

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `output/screenshots/${name}.png`, fullPage: false });
}

export { expect };
