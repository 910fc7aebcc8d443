import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { registerAndLogIn } from '../support/pages';
import { routeTable } from '../support/routes';

test('a second brand on its own host name shows its name, colour, languages and terms', async ({ page, site }) => {
  await page.goto(site('/login', 'harbor.localhost'));
  await expect(page.getByTestId('brand-name').first()).toContainText('Harbor Stays');
  await expect(page).toHaveTitle('Log in - Harbor Stays');
  await expect(page.getByTestId('login-submit')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
  const languages = page.getByTestId('language-switcher').locator('option');
  await expect(languages.filter({ hasText: '简体中文' })).toHaveCount(0);
  await expect(languages.filter({ hasText: 'Deutsch' })).toHaveCount(1);
  await shot(page, 'login-harbor-1440');

  await registerAndLogIn(page, site, uniqueEmail('harbor'), 'Harbor#2026x', 'harbor.localhost');
  await expect(page.getByTestId('side-menu')).toContainText('Guests');
  await page.goto(site('/lockUser/home?lang=de_DE', 'harbor.localhost'));
  await expect(page.getByTestId('side-menu')).toContainText('Gäste');
  await expect(page.getByTestId('breadcrumb')).toContainText('Gäste');
  await shot(page, 'lock-users-harbor-de');
});

test('a brand that sells no paid services offers none: no menu entry leads there, and each such route answers "not found"', async ({
  page,
  site,
}) => {
  await registerAndLogIn(page, site, uniqueEmail('harbor-unpaid'), 'Harbor#2026x', 'harbor.localhost');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toContainText('Locks');
  await expect(menu).not.toContainText('Value-added services');
  await expect(menu).not.toContainText('Export records');
  const paid = routeTable().filter((route) => route.paid);
  expect(paid.map((route) => route.path)).toContain('/account/vip');
  for (const route of paid) {
    await page.goto(site(route.lockId ? `${route.path}?lockId=1` : route.path, 'harbor.localhost'));
    await expect(page.getByTestId('not-found'), route.path).toBeVisible();
    await expect(page).toHaveTitle('Page not found - Harbor Stays');
    await expect(page.getByTestId('value-added-nav')).toHaveCount(0);
  }
  await shot(page, 'not-offered-harbor');
});
