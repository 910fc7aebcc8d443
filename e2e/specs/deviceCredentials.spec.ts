import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startDriver } from '../support/driver';
import { expect, shot, test } from '../support/fixtures';
import { LockListPage, logInAsDemo } from '../support/pages';

const FACES = join(import.meta.dirname, '..', 'fixtures', 'faces');
const NORMAL = '1';

let driver: { child: ChildProcess; port: number };
test.beforeAll(async () => {
  driver = await startDriver();
});
test.afterAll(() => {
  driver?.child.kill('SIGTERM');
});

/** Logs in as the demo owner with the console pointed at the simulated local driver. */
async function logInWithDriver(page: Page, site: (path: string) => string): Promise<void> {
  await page.addInitScript((port) => localStorage.setItem('sl.driverPort', String(port)), driver.port);
  await logInAsDemo(page, site);
}

async function lockIdOf(page: Page, name: string): Promise<string> {
  await new LockListPage(page).openLock(name);
  const lockId = new URL(page.url()).searchParams.get('lockId');
  expect(lockId).toMatch(/^[1-9][0-9]*$/);
  return lockId as string;
}

test("a hotel card written for a room with the simulated encoder is added to that room's lock", async ({
  page,
  site,
}) => {
  test.setTimeout(240_000);
  await logInWithDriver(page, site);
  const lockId = await lockIdOf(page, 'Room G2-1');

  // The hotel: one building of 10 floors; the room's lock on floor 3.
  await page.goto(site('/card/props'));
  await page.getByTestId('hotel-building-add').click();
  await page.getByTestId('hotel-floors-0').fill('10');
  await page.getByTestId('hotel-settings-save').click();
  await expect(page.getByTestId('hotel-settings-save')).toBeDisabled();
  const room = page.getByTestId('hotel-lock-row').filter({ hasText: 'Room G2-1' });
  await room.getByTestId('hotel-lock-building').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await room.getByTestId('hotel-lock-floor').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Floor 3$/ })
    .first()
    .click();
  await room.getByTestId('hotel-lock-save').click();
  await shot(page, 'card-props-en');

  // Written on the encoder for that room, then added to the lock through its gateway.
  await page.goto(site(`/manage/issueCard?lockId=${lockId}`));
  await page.locator('label', { has: page.getByTestId('card-type-hotel') }).click();
  await expect(page.getByTestId('hotel-room')).toBeVisible();
  await page.getByTestId('card-name-input').fill('Room 301 guest');
  await page.getByTestId('issue-card-submit').click();
  await expect(page).toHaveURL(/\/manage\/card\?lockId=/, { timeout: 45_000 });
  const row = page.getByTestId('credential-row').filter({ hasText: 'Room 301 guest' });
  await expect(row).toHaveAttribute('data-status', NORMAL, { timeout: 30_000 });
  await expect(row.getByTestId('credential-type')).toContainText(/hotel/i);
  await shot(page, 'card-tab-en');
});

test('a fingerprint collected by the simulated scanner is issued to a lock', async ({ page, site }) => {
  test.setTimeout(240_000);
  await logInWithDriver(page, site);
  const lockId = await lockIdOf(page, 'Door G1-1');
  await page.goto(site(`/manage/issuePrint?lockId=${lockId}`));
  await expect(page.getByTestId('driver-panel')).toHaveAttribute('data-status', /connected|ready/);
  await page.getByTestId('fingerprint-collect').click();
  await expect(page.getByTestId('fingerprint-collected')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('fingerprint-name-input').fill('Right thumb');
  await page.getByTestId('fingerprint-send').click();
  const result = page.getByTestId('fingerprint-result').first();
  await expect(result).toHaveAttribute('data-ok', 'true', { timeout: 45_000 });
  await expect(page.getByTestId('fingerprint-balance')).toBeVisible();
  await shot(page, 'fingerprint-issued-en');
  await page.goto(site(`/manage/fingerprint?lockId=${lockId}`));
  const row = page.getByTestId('credential-row').filter({ hasText: 'Right thumb' });
  await expect(row).toHaveAttribute('data-status', NORMAL, { timeout: 30_000 });
});

test('a face photo with two faces is refused with the reason; a clear portrait is added', async ({ page, site }) => {
  test.setTimeout(240_000);
  await logInWithDriver(page, site);
  const lockId = await lockIdOf(page, 'Door G1-1');
  await page.goto(site(`/manage/issueFace?lockId=${lockId}`));
  await page.getByTestId('face-photo-input').setInputFiles(join(FACES, 'two-faces.jpg'));
  const rejected = page.getByTestId('face-photo-rejected');
  await expect(rejected).toBeVisible({ timeout: 30_000 });
  await expect(rejected).toContainText('2 faces were found');
  await shot(page, 'face-rejected-en');

  await page.getByTestId('face-photo-input').setInputFiles(join(FACES, 'portrait.jpg'));
  await expect(page.getByTestId('face-photo-ok')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('face-name-input').fill('Eileen Collins');
  await page.getByTestId('face-id-number-input').fill('P1234567');
  await page.getByTestId('issue-face-submit').click();
  await expect(page).toHaveURL(/\/manage\/face\?lockId=/, { timeout: 45_000 });
  const row = page.getByTestId('credential-row').filter({ hasText: 'Eileen Collins' });
  await expect(row).toHaveAttribute('data-status', NORMAL, { timeout: 30_000 });
  await shot(page, 'face-tab-en');
});
