import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { withOwnFleet } from '../support/ownFleet';

const PASSWORD = 'Console#2026';

test("a person's credentials revoked all at once as a job, lock by lock; the access review lists an invitation nobody took up and revokes it", async ({
  page,
  site,
}) => {
  test.setTimeout(300_000);
  const owner = uniqueEmail('people');
  const pat = uniqueEmail('people-pat');
  const newcomer = uniqueEmail('people-newcomer');
  await withOwnFleet(page, site, owner, PASSWORD, async (lockName) => {
    // Pat and a newcomer: eKeys to accounts not registered yet (deletions at the lock: the database tier).
    await page.goto(site('/manage/issueEKeyBatch'));
    await page.getByTestId('batch-lock-table').locator('tbody tr', { hasText: lockName }).locator('input').check();
    for (const account of [pat, newcomer]) {
      const kinds = page.getByTestId('batch-recipient-kind');
      if (await kinds.count()) await kinds.getByText('Email').click();
      await page.getByTestId('batch-recipient-account').fill(account);
      await page.getByTestId('batch-recipient-add').click();
    }
    await page.getByTestId('batch-create-user').check();
    await page.getByTestId('batch-submit').click();
    await expect(page.getByTestId('batch-tally')).toContainText('Sent: 2', { timeout: 30_000 });
    // The person view: Pat's credential on the lock; revoke all, followed lock by lock.
    await page.goto(site('/lockUser/home'));
    await page.locator(`[data-lock-user="${pat}"]`).getByTestId('lock-user-open').click();
    await expect(page.getByTestId('lock-user-credential')).toHaveCount(1);
    await page.getByTestId('lock-user-detail-revoke-all').click();
    await page.getByTestId('revoke-all-confirm').click();
    await expect(page).toHaveURL(/\/lockUser\/revokeJob\?jobId=\d+/);
    const item = page.getByTestId('revoke-item');
    await expect(item).toHaveCount(1);
    await expect(page.getByTestId('revoke-job')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(item).toHaveAttribute('data-state', 'done');
    await expect(item).toContainText(lockName);
    await shot(page, 'people-revoke-job-en');

    // The access review: the newcomer never registered; revoked from the list.
    await page.goto(site('/lockUser/review'));
    await page.getByRole('tab', { name: 'Deleted or unregistered people' }).click();
    const gone = page.getByTestId('review-row').filter({ hasText: newcomer });
    await expect(gone).toContainText('Never registered');
    await shot(page, 'people-review-en');
    await gone.getByTestId('review-revoke').click();
    await page.getByTestId('review-revoke-confirm').click();
    await expect(page.getByTestId('review-outcome')).toContainText('1 credential revoked');
    await expect(gone).toHaveCount(0);
  });
});
