import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { withOwnFleet } from '../support/ownFleet';
import { LockDetailPage } from '../support/pages';

const PASSWORD = 'Console#2026';

test('audit trail: a lock renamed is listed with its name before and after, and the chain verifies', async ({
  page,
  site,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueEmail('audit');
  const renamed = `Audited ${String(Date.now()).slice(-6)}`;
  await withOwnFleet(page, site, owner, PASSWORD, async (lockName, locks) => {
    await locks.openLock(lockName);
    const detail = new LockDetailPage(page);
    await detail.rename(renamed);
    await page.keyboard.press('Escape');
    await expect(detail.settings()).toBeHidden();

    await page.getByTestId('open-audit').click();
    await expect(page).toHaveURL(/\/audit\/home\?lockId=\d+/);
    const row = page.getByTestId('audit-row').filter({ hasText: '/lock/rename' });
    await expect(row).toHaveCount(1);
    await row.locator('.ant-table-row-expand-icon').click();
    const diff = page.getByTestId('audit-diff');
    await expect(diff).toContainText(lockName);
    await expect(diff).toContainText(renamed);
    const chain = page.getByTestId('audit-chain');
    await expect(chain).toHaveAttribute('data-ok', 'true');
    await expect(chain).toContainText(/Chain verified up to entry #\d+, head hash [0-9a-f]{64}/);
    await shot(page, 'audit-en');
  });
});
