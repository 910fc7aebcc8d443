import type { Page } from '@playwright/test';
import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { withOwnFleet } from '../support/ownFleet';

const PASSWORD = 'Console#2026';

/** How far the page, and the eKey table inside it, reach past their width (0: they fit). */
function overflow(page: Page): Promise<{ page: number; table: number }> {
  return page.evaluate(() => {
    const scroller = document.querySelector('[data-testid="ekey-table"] .ant-table-content');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
    };
  });
}

/** Sends an eKey to an address no one has registered, confirming the send. */
async function sendEKey(page: Page, url: string, recipient: string, keyName: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('account-kind').getByText('Email').click();
  await page.getByTestId('account').fill(recipient);
  await page.getByTestId('ekey-key-name').fill(keyName);
  await page.getByTestId('issue-ekey-submit').click();
  await page.getByTestId('recipient-confirm-unregistered').click();
  await page.getByTestId('recipient-confirm').click();
  await expect(page.getByTestId('ekey-sent')).toBeVisible();
}

test("a lock's pages fit the window and name the lock: the list names its gateway; the eKey table at 1440 and 390 px, the tab title, the breadcrumb, unlock asked first; the whole-groups picker spans its card", async ({
  page,
  site,
}) => {
  test.setTimeout(360_000);
  const owner = uniqueEmail('layout');
  await withOwnFleet(page, site, owner, PASSWORD, async (lockName, locks) => {
    // The list names the gateway that reaches the lock.
    await expect(locks.rows().first().getByTestId('gateway-reach-name')).toHaveText('Gateway 1');
    await locks.openLock(lockName);
    const lockId = new URL(page.url()).searchParams.get('lockId') ?? '';

    // The tab title and the breadcrumb name the lock, in the side menu's words.
    await expect(page).toHaveTitle(`eKeys - ${lockName} - SmartLock Cloud`);
    await expect(page.getByTestId('crumb-area')).toHaveText('Locks');
    await expect(page.getByTestId('crumb-lock')).toHaveText(lockName);
    await expect(page.getByTestId('crumb-page')).toHaveText('eKeys');

    // Remote unlock asks first, naming the lock: declined, nothing is sent; confirmed, it opens.
    await page.getByTestId('lock-header').getByTestId('remote-unlock').click();
    await expect(page.getByRole('dialog')).toContainText(`Unlock “${lockName}”?`);
    await page.getByTestId('remote-confirm-cancel').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('operation-status')).toHaveCount(0);
    await page.getByTestId('lock-header').getByTestId('remote-unlock').click();
    await page.getByTestId('remote-confirm').click();
    await expect(page.getByTestId('operation-status')).toHaveAttribute('data-phase', 'success', { timeout: 45_000 });

    // Two eKeys with long recipients and names: the table still fits at 1440 px, with no scroll of its own.
    const stamp = Date.now().toString(36);
    for (const n of [1, 2]) {
      await sendEKey(
        page,
        site(`/manage/issueEKey?lockId=${lockId}`),
        `a.rather.long.guest.address.number${n}-${stamp}@example-hospitality-group.com`,
        `Housekeeping staff member ${n} (night shift)`,
      );
    }
    await page.goto(site(`/manage/ekey?lockId=${lockId}`));
    const rows = page.getByTestId('ekey-table').locator('tbody tr[data-row-key]');
    await expect(rows).toHaveCount(2);
    await expect.poll(() => overflow(page)).toEqual({ page: 0, table: 0 });
    await expect(rows.first().getByTestId('ekey-status')).toBeVisible();
    await shot(page, 'ekey-table-1440');

    // On a phone: the same keys, the columns that do not fit shown under the recipient, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => overflow(page)).toEqual({ page: 0, table: 0 });
    await expect(rows.first().locator('[data-folded="validity"]')).toBeVisible();
    await expect(rows.first().getByTestId('ekey-more')).toBeVisible();
    await page.getByTestId('ekey-table').scrollIntoViewIfNeeded();
    await shot(page, 'ekey-table-390');

    // Adding an authorized administrator: the whole-groups picker spans its card; its options read whole.
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(site('/auth/create'));
      const picker = page.getByTestId('admin-groups');
      const card = page.getByTestId('admin-locks-picker');
      await expect(picker).toBeVisible();
      const [pickerBox, cardBox] = [await picker.boundingBox(), await card.boundingBox()];
      expect(pickerBox?.width ?? 0).toBeGreaterThanOrEqual((cardBox?.width ?? 0) - 2);
      await picker.click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');
      await expect(options.first()).toHaveText(/^Ungrouped \(1\)$/);
      for (const option of await options.all()) {
        expect(await option.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      await shot(page, `admin-groups-picker-${width}`);
      await page.keyboard.press('Escape');
    }
  });
});
