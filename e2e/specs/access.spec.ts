import { readFile } from 'node:fs/promises';
import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { withOwnFleet } from '../support/ownFleet';
import { choose } from '../support/pages';

const PASSWORD = 'Console#2026';

test('who can open a lock: a passcode set on the lock is listed now and over a period, and exported', async ({
  page,
  site,
}) => {
  test.setTimeout(300_000);
  const owner = uniqueEmail('access');
  const name = `Cleaner ${String(Date.now()).slice(-6)}`;
  await withOwnFleet(page, site, owner, PASSWORD, async (lockName, locks) => {
    await locks.openLock(lockName);
    const lockId = new URL(page.url()).searchParams.get('lockId') ?? '';

    // Nobody yet: the owner's own right is not a credential.
    await page.getByTestId('open-access').click();
    await expect(page).toHaveURL(new RegExp(`/manage/access\\?lockId=${lockId}`));
    await expect(page.getByTestId('access-total')).toHaveAttribute('data-total', '0');

    // A permanent passcode, set on the lock through its gateway.
    await page.goto(site(`/manage/issuePasscode?lockId=${lockId}`));
    await choose(page, 'passcode-kind-custom');
    await page.getByTestId('passcode-name-input').fill(name);
    await page.getByTestId('passcode-digits-input').fill(String(Date.now()).slice(-7));
    await page.getByTestId('issue-passcode-submit').click();
    await expect(page.getByTestId('passcode-sent')).toBeVisible({ timeout: 30_000 });

    await page.goto(site(`/manage/access?lockId=${lockId}`));
    const row = page.getByTestId('access-row').filter({ hasText: name });
    await expect(row).toHaveAttribute('data-kind', 'passcode');
    await expect(page.getByTestId('access-total')).toHaveAttribute('data-total', '1');
    await page.getByTestId('access-mode').getByText('A period').click();
    await expect(page.getByTestId('access-period').first()).toBeVisible();
    await expect(row).toBeVisible();
    await shot(page, 'access-period-en');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('access-export-csv').click();
    const file = await (await downloading).path();
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(name);
  });
});
