import type { Page } from '@playwright/test';
import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { startFleet } from '../support/fleet';
import { GatewayPage, LockListPage, logInAsDemo, pickOption, registerAndLogIn } from '../support/pages';

const PASSWORD = 'Console#2026';
/** Where the demo fleet's gateways are, three locks behind each. */
const DEMO_CITIES = ['Shenzhen', 'London', 'New York City'];

test.use({ viewport: { width: 1920, height: 1080 } });

/** A number a screen shows (its data-value attribute). */
async function shown(page: Page, testId: string): Promise<number> {
  const value = await page.getByTestId(testId).getAttribute('data-value');
  return Number(value || Number.NaN);
}

test('the live map and the big screen show the demo cities and move live when a door is unlocked', async ({
  browser,
  page,
  site,
}) => {
  await page.goto(site('/map/base'));
  await expect(page).toHaveTitle('Live active-city map - SmartLock Cloud');
  for (const city of DEMO_CITIES) {
    await expect(page.locator(`[data-testid="map-city"][data-city="${city}"]`)).toHaveCount(1, { timeout: 30_000 });
  }
  await expect(page.getByTestId('live-badge')).toHaveAttribute('data-connected', 'true');
  await expect(page.getByTestId('map-privacy')).toContainText('at least 3 locks');
  // Nothing on the public screen names a lock or a gateway.
  await expect(page.locator('body')).not.toContainText('Gateway 1');
  await expect(page.locator('body')).not.toContainText(/Door G\d|Room G\d|Parking G\d/);

  const screen = await page.context().newPage();
  await screen.goto(site('/map/new'));
  await expect(screen.getByTestId('big-screen')).toBeVisible();
  await expect(screen.getByTestId('screen-top-cities').getByTestId('map-top-city')).toHaveCount(3);
  await expect(screen.getByTestId('live-badge')).toHaveAttribute('data-connected', 'true');
  // The 1920 × 1080 design fills the window exactly.
  const box = await screen.getByTestId('big-screen').boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 1920, height: 1080 });

  const mapBefore = await shown(page, 'map-total-unlocks');
  const screenBefore = await shown(screen, 'screen-total-unlocksDay');
  const mapFirst = await shot(page, 'map-base-1-en');
  const screenFirst = await shot(screen, 'map-new-1-en');

  // The demo owner opens a door remotely; the lock's record reaches the cloud and the counts.
  const owner = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const console = await owner.newPage();
  await logInAsDemo(console, site);
  await console.goto(site('/plug/home'));
  const gateways = new GatewayPage(console);
  const drawer = await gateways.openLocks('Gateway 1');
  const door = drawer
    .getByTestId('gateway-lock')
    .filter({ has: console.getByTestId('remote-unlock') })
    .first();
  expect(await gateways.run(door, 'unlock')).toBe('success');
  await owner.close();

  await expect.poll(() => shown(page, 'map-total-unlocks'), { timeout: 30_000 }).toBeGreaterThan(mapBefore);
  await expect.poll(() => shown(screen, 'screen-total-unlocksDay'), { timeout: 30_000 }).toBeGreaterThan(screenBefore);
  await expect(screen.getByTestId('map-method').first()).toBeVisible();
  const mapSecond = await shot(page, 'map-base-2-en');
  const screenSecond = await shot(screen, 'map-new-2-en');
  expect(mapSecond.equals(mapFirst)).toBe(false);
  expect(screenSecond.equals(screenFirst)).toBe(false);

  // Both screens in another language, with the brand.
  await screen.goto(site('/map/new?lang=de_DE'));
  await expect(screen.getByTestId('screen-top-cities')).toContainText('Top-Städte');
  await expect(screen.getByTestId('brand-name')).toHaveText('SmartLock Cloud');
  await shot(screen, 'map-new-de');
  await page.goto(site('/map/base?lang=fr_FR'));
  await expect(page.getByTestId('map-title')).toHaveText('Carte en direct des villes actives');
  await shot(page, 'map-base-fr');
});

test('the owner puts a gateway and a lock in cities; a city with one lock stays off the public map', async ({
  page,
  site,
}) => {
  const email = uniqueEmail('map-owner');
  await registerAndLogIn(page, site, email, PASSWORD);
  const fleet = await startFleet(site(''), email, PASSWORD);
  try {
    await page.goto(site('/plug/home'));
    const gateways = new GatewayPage(page);
    await expect(gateways.row('Gateway 1')).toBeVisible({ timeout: 30_000 });
    await gateways.row('Gateway 1').getByTestId('gateway-more').click();
    await page.getByTestId('gateway-city').click();
    await page.getByTestId('city-picker').locator('input').fill('Reykjav');
    await pickOption(page, /^Reykjavík, Iceland$/);
    await page.getByTestId('city-save').click();
    await expect(gateways.row('Gateway 1')).toContainText('Reykjavík');

    const locks = new LockListPage(page);
    await page.goto(site('/console/home'));
    await expect(locks.rows()).toHaveCount(1, { timeout: 30_000 });
    const lockName = (await locks.rows().first().getByTestId('lock-link').textContent())?.trim() ?? '';
    await locks.openLock(lockName);
    const city = page.getByTestId('lock-city');
    await expect(city).toHaveAttribute('data-source', 'gateway');
    await expect(city).toContainText('Reykjavík, Iceland');
    await expect(city).toContainText('From its gateway');

    await page.getByTestId('set-lock-city').click();
    await page.getByTestId('city-picker').locator('input').fill('Akur');
    await pickOption(page, /^Akureyri, Iceland$/);
    await page.getByTestId('city-save').click();
    await expect(city).toHaveAttribute('data-source', 'lock');
    await expect(city).toContainText('Akureyri, Iceland');
    await expect(city).toContainText('Set by the owner');
    await shot(page, 'lock-city-en');

    await page.getByTestId('set-lock-city').click();
    await page.getByTestId('city-clear').click();
    await expect(city).toHaveAttribute('data-source', 'gateway');
    await expect(city).toContainText('Reykjavík, Iceland');

    // One lock in Reykjavík is below the threshold: the public map does not show the city.
    await page.goto(site('/map/base'));
    await expect(page.locator('[data-testid="map-city"][data-city="London"]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('[data-testid="map-city"][data-city="Reykjavík"]')).toHaveCount(0);
  } finally {
    fleet.kill('SIGTERM');
  }
});
