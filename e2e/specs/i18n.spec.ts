import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, shot, test } from '../support/fixtures';

const locale = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'apps/web/src/i18n/locales', `${name}.json`), 'utf8'));

test('?lang=de_DE renders German', async ({ page, site }) => {
  const de = locale('de_DE');
  await page.goto(site('/login?lang=de_DE'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.auth.loginTitle);
  await expect(page.getByTestId('login-submit')).toHaveText(de.auth.login);
  await expect(page).toHaveTitle(`${de.route.login} - SmartLock Cloud`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
});

test('?lang=zh_HK renders Traditional Chinese', async ({ page, site }) => {
  const zhTW = locale('zh_TW');
  await page.goto(site('/login?lang=zh_HK'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhTW.auth.loginTitle);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await shot(page, 'login-zh-hk');
});

test('the browser language is used when the URL names none', async ({ browser, site }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(site('/login'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('fr_FR').auth.loginTitle);
  await context.close();
});

test('the language switcher changes the screen at once', async ({ page, site }) => {
  await page.goto(site('/login'));
  await page.getByTestId('language-switcher').selectOption({ label: '日本語' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('ja_JP').auth.loginTitle);
  await expect(page).toHaveURL(/lang=ja_JP/);
});
