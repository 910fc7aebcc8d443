import { expect, latestCode, shot, test, uniqueEmail } from '../support/fixtures';
import { startFleet } from '../support/fleet';
import {
  ConsoleFrame,
  LockDetailPage,
  LockGroupsPage,
  LockListPage,
  LockTransferPage,
  LoginPage,
  logInAsDemo,
  PassageModePage,
  RegisterPage,
  registerAndLogIn,
} from '../support/pages';

const PASSWORD = 'Console#2026';

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

test('a lock transferred to another account leaves the owner and appears for the receiver', async ({ page, site }) => {
  test.setTimeout(300_000);
  const receiver = uniqueEmail('lock-receiver');
  await page.goto(site('/regist'));
  await new RegisterPage(page).register(receiver, PASSWORD);
  await expect(page).toHaveURL(/\/registSuccess$/);
  const owner = uniqueEmail('lock-giver');
  await registerAndLogIn(page, site, owner, PASSWORD);
  const fleet = await startFleet(site(''), owner, PASSWORD);
  try {
    const locks = new LockListPage(page);
    await page.goto(site('/console/home'));
    await expect(locks.rows()).toHaveCount(1, { timeout: 30_000 });
    const lockName = (await locks.rows().first().getByTestId('lock-link').textContent())?.trim() ?? '';
    await locks.openLock(lockName);
    await page.getByTestId('open-transfer').click();

    const transfer = new LockTransferPage(page);
    await expect(transfer.chosen()).toContainText(lockName);
    await expect(page.getByTestId('transfer-warning')).toBeVisible();
    await shot(page, 'lock-transfer-en');
    await transfer.transfer(receiver, PASSWORD, () => latestCode(owner));
    await expect(page).toHaveURL(/\/console\/home$/);
    await expect(page.getByText('Locks transferred: 1.')).toBeVisible();
    await expect(locks.emptyState()).toBeVisible();

    await new ConsoleFrame(page).logOut();
    await expect(page).toHaveURL(/\/login$/);
    await new LoginPage(page).logIn(receiver, PASSWORD);
    await expect(page).toHaveURL(/\/console\/home$/);
    await expect(locks.row(lockName)).toBeVisible();
    await expect(locks.row(lockName).getByTestId('lock-role')).toHaveText('Owner');
  } finally {
    fleet.kill('SIGTERM');
  }
});
