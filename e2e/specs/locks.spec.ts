import { expect, shot, test } from '../support/fixtures';
import { LockDetailPage, LockGroupsPage, LockListPage, logInAsDemo, PassageModePage } from '../support/pages';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

test('a new group holds the lock moved into it, and the group filter shows only that lock', async ({ page, site }) => {
  await logInAsDemo(page, site);
  const locks = new LockListPage(page);
  await expect(locks.rows()).toHaveCount(9, { timeout: 30_000 });

  const groups = new LockGroupsPage(page);
  const name = unique('Lobby');
  await page.goto(site('/group/home'));
  await groups.create(name);
  await groups.moveLocks(['Room G2-1'], new RegExp(`^${name} \\(0\\)$`));
  await expect(groups.row(name)).toContainText('1');
  await shot(page, 'lock-groups-en');

  await groups.showLocksOf(name);
  await expect(page).toHaveURL(/\/console\/home\?groupId=\d+$/);
  await expect(locks.rows()).toHaveCount(1);
  await expect(locks.row('Room G2-1')).toBeVisible();
  await expect(page.getByTestId('group-filter')).toContainText(name);

  // The URL drives the filter: a reload keeps it; "All locks" takes it out of the URL.
  await page.reload();
  await expect(locks.rows()).toHaveCount(1);
  await locks.filterByGroup(/^All locks/);
  await expect(page).toHaveURL(/\/console\/home$/);
  await expect(locks.rows()).toHaveCount(9);
  await shot(page, 'lock-list-en');

  await page.goto(site('/group/home'));
  await groups.remove(name);
});

test('a lock renamed in its settings shows the new name in its detail and the list', async ({ page, site }) => {
  await logInAsDemo(page, site);
  const locks = new LockListPage(page);
  await locks.openLock('Room G3-3');
  const detail = new LockDetailPage(page);
  const renamed = unique('Suite');
  await detail.rename(renamed);
  await shot(page, 'lock-settings-en');
  await page.keyboard.press('Escape');
  await page.goto(site('/console/home'));
  await expect(locks.row(renamed)).toBeVisible();

  await locks.openLock(renamed);
  await detail.rename('Room G3-3');
});

test('passage mode with two periods is saved through the lock and comes back after a reload', async ({
  page,
  site,
}) => {
  test.setTimeout(240_000);
  await logInAsDemo(page, site);
  await new LockListPage(page).openLock('Door G3-2');
  await page.getByTestId('open-passage-mode').click();
  const passage = new PassageModePage(page);
  await page.getByTestId('passage-mode-form').waitFor();
  await passage.removeAll();
  await passage.setOn(true);
  await passage.addPeriod([1, 2, 3, 4, 5], false);
  await passage.addPeriod([6, 7], true);
  await expect(page.getByTestId('period-issue')).toHaveCount(0);
  expect(await passage.save()).toBe('success');
  await expect(page.getByTestId('passage-mode-saved')).toBeVisible();
  await shot(page, 'passage-mode-en');

  await page.reload();
  await expect(passage.periods()).toHaveCount(2);
  await expect(page.getByTestId('passage-mode-switch')).toHaveAttribute('aria-checked', 'true');
  await expect(passage.periods().nth(1).getByTestId('period-all-day')).toBeChecked();

  // Leave the demo lock as it was: passage mode off.
  await passage.setOn(false);
  expect(await passage.save()).toBe('success');
});
