import { expect, shot, test } from '../support/fixtures';
import { LockListPage, logInAsDemo } from '../support/pages';

const DOORS = ['Door G1-1', 'Room G2-1'];

test('batch unlock asks first naming the locks, then names the locks that opened and those that did not', async ({
  page,
  site,
}) => {
  test.setTimeout(240_000);
  await logInAsDemo(page, site);
  const locks = new LockListPage(page);
  await expect(locks.rows()).toHaveCount(9, { timeout: 30_000 });
  // The list names the gateway that reaches each lock.
  await expect(locks.row('Door G1-1').getByTestId('gateway-reach-name')).toHaveText('Gateway 1');
  for (const name of DOORS) await locks.row(name).locator('input[type="checkbox"]').check();
  await page.getByTestId('batch-unlock').click();

  // Declined: nothing is sent.
  const dialog = page.getByRole('dialog');
  for (const name of DOORS) await expect(dialog.getByTestId('batch-unlock-confirm-locks')).toContainText(name);
  await shot(page, 'batch-unlock-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('batch-unlock-results')).toHaveCount(0);

  // Confirmed: each lock's end, then one summary naming every lock as unlocked or not (with why).
  await page.getByTestId('batch-unlock').click();
  await page.getByTestId('batch-unlock-confirm').click();
  const summary = page.getByTestId('batch-unlock-summary');
  await expect(summary).toHaveAttribute('data-done', 'true', { timeout: 45_000 });
  for (const name of DOORS) await expect(summary).toContainText(name);
  await expect(summary).toContainText(/Unlocked: |Not unlocked: /);
  await shot(page, 'batch-unlock-summary');
});
