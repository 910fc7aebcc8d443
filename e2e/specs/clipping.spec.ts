import type { Page } from '@playwright/test';
import { LOCALES } from '@smartlock/contract';
import { type Clipped, clippedLabels } from '../support/clipping';
import { expect, settled, shot, test } from '../support/fixtures';
import { DEMO, LoginPage } from '../support/pages';

const WIDTHS = [1440, 390];

/**
 * Shows the screen in a language and waits until it shows that language, settled: the first
 * language by loading the page (the `lang` URL parameter), the others through the header's
 * language switcher, as a user changes it.
 */
async function showIn(page: Page, url: string, locale: string, ready: string): Promise<void> {
  if (locale === LOCALES[0]) await page.goto(url);
  else await page.getByTestId('language-switcher').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
  await page.getByTestId(ready).first().waitFor();
  await settled(page);
}

const line = (where: string, found: Clipped[]) =>
  found.map((label) => `${where}: "${label.text}" (${label.how}) at ${label.where}`);

for (const width of WIDTHS) {
  test(`no label is cut off on the login page or the console home with its menu, in all ${LOCALES.length} languages at ${width} px`, async ({
    page,
    site,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width, height: 900 });
    const problems: string[] = [];

    // Signed out: the login page in each language.
    for (const locale of LOCALES) {
      await showIn(page, site(`/login?lang=${locale}`), locale, 'login-submit');
      problems.push(...line(`${locale} ${width} login`, await clippedLabels(page)));
    }

    // Signed in: the console home with the side menu (the menu's drawer on a phone) in each language.
    await page.goto(site(`/login?lang=${LOCALES[0]}`));
    await new LoginPage(page).logIn(DEMO.account, DEMO.password);
    await expect(page).toHaveURL(/\/console\/home/);
    for (const locale of LOCALES) {
      await showIn(page, site(`/console/home?lang=${locale}`), locale, width >= 992 ? 'side-menu' : 'open-menu');
      await page
        .getByTestId(width >= 992 ? 'lock-link' : 'lock-card')
        .first()
        .waitFor({ timeout: 30_000 });
      await settled(page);
      problems.push(...line(`${locale} ${width} console home`, await clippedLabels(page)));
      if (width < 992) {
        await page.getByTestId('open-menu').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settled(page);
        problems.push(
          ...line(`${locale} ${width} menu drawer`, await clippedLabels(page, '.ant-drawer-content-wrapper')),
        );
        if (locale === 'ru_RU') await shot(page, `menu-drawer-ru-${width}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      } else if (locale === 'ru_RU') await shot(page, `console-home-ru-${width}`);
    }
    expect(problems, `labels cut off:\n${problems.join('\n')}`).toEqual([]);
  });
}
