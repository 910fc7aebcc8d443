import { expect, latestCode, shot, test, uniqueEmail } from '../support/fixtures';
import { withOwnFleet } from '../support/ownFleet';
import { ConsoleFrame, LockTransferPage, LoginPage, registerAccount } from '../support/pages';

// Accounts and a fleet of its own: runs beside the demo account's specs.
const PASSWORD = 'Console#2026';

test('a lock transferred to another account leaves the owner and appears for the receiver', async ({ page, site }) => {
  test.setTimeout(300_000);
  const receiver = uniqueEmail('lock-receiver');
  await registerAccount(page, site, receiver, PASSWORD);
  const owner = uniqueEmail('lock-giver');
  await withOwnFleet(page, site, owner, PASSWORD, async (lockName, locks) => {
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
  });
});
