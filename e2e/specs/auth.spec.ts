import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { ConsoleFrame, LoginPage, RegisterPage, registerAccount, registerAndLogIn } from '../support/pages';

const PASSWORD = 'Console#2026';

test('registers with an emailed code, logs in, sees the console home, logs out', async ({ page, site }) => {
  const email = uniqueEmail('owner');
  await page.goto(site('/regist'));
  await new RegisterPage(page).register(email, PASSWORD);
  await expect(page).toHaveURL(/\/registSuccess$/);
  await expect(page.getByText(email)).toBeVisible();

  await page.getByTestId('go-login').click();
  await new LoginPage(page).logIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/console\/home$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toHaveText('Locks');
  await expect(page).toHaveTitle('Locks - SmartLock Cloud');
  await shot(page, 'console-home-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await shot(page, 'console-home-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await new ConsoleFrame(page).logOut();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(site('/console/home'));
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page).not.toHaveURL(/\/console\//);
});

test("shows the server's message for a wrong password", async ({ page, site }) => {
  await page.goto(site('/login'));
  await shot(page, 'login-1440');
  await new LoginPage(page).logIn('nobody@example.com', 'Wrong#2026x');
  await expect(page.getByTestId('login-error')).toHaveText('Wrong account or password.');
});

test('login screen fits a phone', async ({ page, site }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(site('/login'));
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await shot(page, 'login-390');
});

test('a bad lockId shows the bad-parameter message; a missing page the 404', async ({ page, site }) => {
  await registerAndLogIn(page, site, uniqueEmail('lockid'), PASSWORD);

  for (const bad of ['007', '0', '-3', 'abc']) {
    await page.goto(site(`/manage/ekey?lockId=${bad}`));
    await expect(page.getByTestId('bad-lock-id')).toContainText('Bad parameter');
  }
  // A well-formed lockId of a lock that is not the user's: the server's no-permission message.
  await page.goto(site('/manage/passcode?lockId=42'));
  await expect(page.getByTestId('lock-detail-error')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toContainText('Locks');

  await page.goto(site('/no/such/page'));
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('a login that expired elsewhere lands on the login screen with the notice', async ({ page, site, context }) => {
  await registerAndLogIn(page, site, uniqueEmail('expired'), PASSWORD);
  // The session ends elsewhere while the console is open (its lock list and live channel call on).
  await context.clearCookies();
  await page.goto(site('/account/vip'));
  await expect(page.getByTestId('login-expired')).toBeVisible();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  // The notice stays while the visitor changes the language.
  await page.getByTestId('language-switcher').selectOption({ label: 'Deutsch' });
  await expect(page.getByTestId('login-submit')).toContainText('Anmelden');
});

test('asks for the slider check after repeated failed logins', async ({ page, site }) => {
  const email = uniqueEmail('slider');
  await registerAccount(page, site, email, PASSWORD);
  await page.goto(site('/login'));
  const login = new LoginPage(page);
  for (let i = 0; i < 3; i++) {
    await login.logIn(email, 'Wrong#2026x');
    await expect(page.getByTestId('login-error')).toBeVisible();
    await page.reload();
  }
  await login.logIn(email, PASSWORD);
  await expect(page.getByTestId('slider-puzzle')).toBeVisible();
  await expect(page.getByTestId('slider-puzzle').locator('img')).toHaveCount(2);
  await shot(page, 'slider-check');
});

test('routes that need more than a lockId send the user where the spec says', async ({ page, site }) => {
  await registerAndLogIn(page, site, uniqueEmail('routes'), PASSWORD);
  await page.goto(site('/manage/records?lockId=5'));
  await expect(page).toHaveURL(/\/manage\/ekey\?lockId=5$/);
  await page.goto(site('/manage/records?lockId=5&keyboardPwd=12'));
  await expect(page).toHaveURL(/\/manage\/records\?lockId=5&keyboardPwd=12$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('Locks');
  await page.goto(site('/card/send'));
  await expect(page).toHaveURL(/\/card\/manage$/);
  await expect(page).toHaveTitle('Cards - SmartLock Cloud');
});
