import { expect, test, uniqueEmail } from '../support/fixtures';
import { ConsoleFrame, registerAndLogIn } from '../support/pages';

test('/ opens the login screen, with the login-expired notice once when the session ended', async ({ page, site }) => {
  const response = await page.goto(site('/'));
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to your account');
  await expect(page.getByTestId('login-expired')).toHaveCount(0);

  // The console sets the flag when the session ends under the user, then lands on /.
  await page.evaluate(() => sessionStorage.setItem('sl.loggedOut', '1'));
  await page.reload();
  await expect(page.getByTestId('login-expired')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByTestId('login-expired')).toHaveCount(0);
});

test('an empty login shows one message under each empty field', async ({ page, site }) => {
  await page.goto(site('/login'));
  await page.getByTestId('login-submit').click();
  const account = page.locator('.ant-form-item', { has: page.getByTestId('account') });
  const password = page.locator('.ant-form-item', { has: page.getByTestId('password') });
  await expect(account.locator('.ant-form-item-explain-error')).toHaveCount(1);
  await expect(password.locator('.ant-form-item-explain-error')).toHaveCount(1);
});

test('the login form opens on the account type last used', async ({ page, site }) => {
  await page.goto(site('/login'));
  // A first visit opens on the brand's first type (this brand takes mobile numbers first).
  await expect(page.getByRole('radio', { name: 'Mobile number' })).toBeChecked();
  await registerAndLogIn(page, site, uniqueEmail('kind'), 'Console#2026', undefined, { throughConsole: true });
  await new ConsoleFrame(page).logOut();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
  await expect(page.getByTestId('account')).toHaveAttribute('type', 'email');
});
