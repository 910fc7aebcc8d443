import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { LockGroupsPage, LockListPage, logInAsDemo, registerAndLogIn } from '../support/pages';

const PASSWORD = 'Console#2026';

test('an owner authorizes an administrator for one group, who then sees only its locks and is told to ask the owner for batch unlock and export', async ({
  page,
  browser,
  site,
}) => {
  test.setTimeout(240_000);
  // The administrator-to-be registers in a browser of their own.
  const adminAccount = uniqueEmail('admin');
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await registerAndLogIn(adminPage, site, adminAccount, PASSWORD);

  // The owner files one lock into a new group and authorizes the administrator for that group.
  await logInAsDemo(page, site);
  await expect(new LockListPage(page).rows()).toHaveCount(9, { timeout: 30_000 });
  const groupName = `Front desk ${Date.now().toString(36)}`;
  const groups = new LockGroupsPage(page);
  await page.goto(site('/group/home'));
  await groups.create(groupName);
  await groups.moveLocks(['Room G1-2'], new RegExp(`^${groupName} \\(0\\)$`));

  await page.goto(site('/auth/create'));
  await page.getByTestId('account-kind').getByText('Email').click();
  await page.getByTestId('admin-account').fill(adminAccount);
  await page.getByTestId('admin-groups').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: groupName }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('admin-create-submit').click();
  await expect(page).toHaveURL(/\/auth\/home/);
  const row = page.getByTestId('admin-row').filter({ hasText: adminAccount });
  await expect(row).toContainText('1');
  await shot(page, 'admins-en');

  // The administrator sees only that group's lock, and what is the owner's is pointed out.
  await adminPage.goto(site('/console/home'));
  const theirs = new LockListPage(adminPage);
  await expect(theirs.rows()).toHaveCount(1, { timeout: 30_000 });
  await expect(theirs.row('Room G1-2')).toBeVisible();
  await expect(adminPage.getByTestId('admin-ask-owner')).toBeVisible();
  await expect(adminPage.getByTestId('batch-unlock')).toHaveCount(0);
  await shot(adminPage, 'admin-locks-en');
  // Exporting lock users is the owner's too: the export page says to ask the owner.
  await adminPage.goto(site('/lockUser/export'));
  await expect(adminPage.getByTestId('admin-ask-owner')).toBeVisible();
  await expect(adminPage.getByTestId('export-start')).toHaveCount(0);
  await shot(adminPage, 'admin-export-en');
  await adminContext.close();
});
