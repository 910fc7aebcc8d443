import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, latestCode, shot, test, uniqueEmail } from '../support/fixtures';
import { startFleet } from '../support/fleet';
import { GatewayPage, registerAccount, registerAndLogIn } from '../support/pages';

const PASSWORD = 'Console#2026';
const ROOT = join(import.meta.dirname, '..', '..');
const locale = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, 'apps/web/src/i18n/locales', `${name}.json`), 'utf8'));

test('a new account learns that gateways are added from the mobile app, in English and Chinese', async ({
  page,
  site,
}) => {
  await registerAndLogIn(page, site, uniqueEmail('gateways'), PASSWORD);
  const gateways = new GatewayPage(page);

  await page.goto(site('/plug/home'));
  await expect(page.getByTestId('breadcrumb')).toHaveText('Gateways');
  await expect(gateways.emptyState()).toContainText(locale('en_US').gateway.emptyHint);
  await expect(page).toHaveTitle('Gateways - SmartLock Cloud');
  await expect(page.getByTestId('live-badge')).toHaveAttribute('data-connected', 'true');
  await shot(page, 'gateways-empty-en');

  await page.goto(site('/plug/home?lang=zh_CN'));
  await expect(gateways.emptyState()).toContainText(locale('zh_CN').gateway.emptyHint);
  await shot(page, 'gateways-empty-zh-cn');
});

test("a fleet's gateway: its locks, a remote unlock followed to its end, the clock, a rename", async ({
  page,
  site,
}) => {
  const email = uniqueEmail('fleet');
  await registerAndLogIn(page, site, email, PASSWORD);
  const fleet = await startFleet(site(''), email, PASSWORD);
  try {
    const gateways = new GatewayPage(page);
    await page.goto(site('/plug/home'));
    await expect(gateways.row('Gateway 1')).toContainText('Online');
    await shot(page, 'gateways-list-en');

    await gateways.openLocks('Gateway 1');
    const door = gateways.lock('Door');
    expect(await gateways.run(door, 'unlock')).toBe('success');
    await expect(door.getByTestId('bolt-state')).toHaveText('Unlocked');
    // The door locks itself again after a few seconds; the live channel brings that in.
    await expect(door.getByTestId('bolt-state')).toHaveText('Locked', { timeout: 30_000 });
    expect(await gateways.run(door, 'queryDate')).toBe('success');
    await expect(door.getByTestId('clock-reading')).toContainText('Lock time');
    await shot(page, 'gateway-locks-en');
    await page.keyboard.press('Escape');

    await gateways.rename('Gateway 1', 'Lobby');
    await expect(gateways.row('Lobby')).toBeVisible();
  } finally {
    fleet.kill('SIGTERM');
  }
});

test('a gateway transferred to another account leaves the list for good', async ({ page, site }) => {
  const receiver = uniqueEmail('receiver');
  await registerAccount(page, site, receiver, PASSWORD);
  const owner = uniqueEmail('giver');
  await registerAndLogIn(page, site, owner, PASSWORD);
  const fleet = await startFleet(site(''), owner, PASSWORD);
  try {
    const gateways = new GatewayPage(page);
    await page.goto(site('/plug/home'));
    await expect(gateways.row('Gateway 1')).toBeVisible();
    await gateways.transfer('Gateway 1', receiver, PASSWORD, () => latestCode(owner));
    await expect(gateways.emptyState()).toBeVisible();
  } finally {
    fleet.kill('SIGTERM');
  }
});
