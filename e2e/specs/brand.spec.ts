import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { registerAndLogIn } from '../support/pages';

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
