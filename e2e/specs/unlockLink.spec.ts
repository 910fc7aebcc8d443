import { expect, shot, test } from '../support/fixtures';
import { LoginPage } from '../support/pages';

const DEMO = { account: 'demo@smartlock.example', password: 'Demo@2026' };

test('an unlock link made on a door lock unlocks it from a browser with no session', async ({
  page,
  browser,
  site,
}) => {
  await page.goto(site('/login'));
  await new LoginPage(page).logIn(DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/console\/home$/);

  // The demo fleet registers its door locks ("Door G1-1", ...) with remote unlock on.
  const door = page
    .getByTestId('lock-table')
    .locator('tbody tr[data-row-key]')
    .filter({ hasText: /Door G/ })
    .first();
  await expect(door).toBeVisible({ timeout: 30_000 });
  await door.getByTestId('lock-link').click();
  await expect(page.getByTestId('lock-header')).toBeVisible();
  const lockName = ((await page.getByTestId('lock-name').textContent()) ?? '').trim();

  await page.getByTestId('open-unlock-link').click();
  await page.getByTestId('create-unlock-link').click();
  const link = page.getByTestId('unlock-link-url');
  await expect(link).toContainText('/unlockByLink?token=');
  await expect(page.getByTestId('unlock-link-expiry')).toBeVisible();
  await shot(page, 'unlock-link-created-en');
  const url = ((await link.textContent()) ?? '').trim();
  expect(new URL(url).pathname).toBe('/unlockByLink');

  // A fresh browser: no cookie, no session.
  const stranger = await browser.newContext();
  try {
    const visitor = await stranger.newPage();
    await visitor.goto(url);
    await expect(visitor.getByTestId('unlock-by-link')).toBeVisible();
    await visitor.getByTestId('unlock-by-link').click();
    await expect(visitor.getByTestId('unlock-by-link-success')).toContainText(lockName, { timeout: 30_000 });
    await shot(visitor, 'unlock-by-link-success-en');

    // A malformed token is refused on the spot.
    await visitor.goto(site('/unlockByLink?token=nope'));
    await expect(visitor.getByTestId('unlock-link-invalid')).toBeVisible();
  } finally {
    await stranger.close();
  }
});
