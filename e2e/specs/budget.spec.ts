import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures';

/** The login route's JavaScript, compressed as gzip, at most this (a bare Ant Design login page is 232 KB). */
const LOGIN_JS_BUDGET = 300 * 1024;
const ASSETS = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'assets');

/** The gzip size of a built asset, at the level the build's own copies use (build/precompress.ts). */
function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(ASSETS, file)), { level: constants.Z_BEST_COMPRESSION }).length;
}

test('the login route loads at most 300 KB of gzip JavaScript', async ({ page, site }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) {
      scripts.add(url.pathname.slice('/assets/'.length));
    }
  });
  await page.goto(site('/login'));
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  const sizes = [...scripts].map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  const listing = sizes.map(({ file, gzip }) => `${(gzip / 1024).toFixed(1).padStart(7)} KB  ${file}`).join('\n');
  test.info().annotations.push({ type: 'login JavaScript', description: `${(total / 1024).toFixed(1)} KB gzip` });
  expect(
    total,
    `login route JavaScript, gzip:\n${listing}\n${(total / 1024).toFixed(1)} KB in all`,
  ).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
});
