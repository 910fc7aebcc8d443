import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { choose, LockListPage, logInAsDemo, registerAndLogIn } from '../support/pages';

const FRONT = 'Door G1-1';
const BACK = 'Door G3-2';

/** Ticks locks by name in a lock picker table (`<prefix>-lock-table`). */
async function tickLocks(page: Page, prefix: string, names: string[]): Promise<void> {
  const table = page.getByTestId(`${prefix}-lock-table`);
  for (const name of names) {
    await table.locator('tbody tr', { hasText: name }).locator('input[type="checkbox"]').check();
  }
}

/** Sends a batch of eKeys from the batch page as it stands (locks and recipients chosen), to accounts not registered yet. */
async function sendBatch(page: Page, expected: string): Promise<void> {
  await page.getByTestId('batch-create-user').check();
  await page.getByTestId('batch-submit').click();
  await expect(page.getByTestId('batch-tally')).toContainText(expected, { timeout: 30_000 });
}

async function addRecipient(page: Page, account: string): Promise<void> {
  const kinds = page.getByTestId('batch-recipient-kind');
  if (await kinds.count()) await kinds.getByText('Email').click();
  await page.getByTestId('batch-recipient-account').fill(account);
  await page.getByTestId('batch-recipient-add').click();
  await expect(page.getByTestId('batch-recipient').filter({ hasText: account })).toBeVisible();
}

/** The lock users page's rows after a search. */
async function searchPeople(page: Page, text: string) {
  await page.getByTestId('lock-user-search').locator('input').fill(text);
  await page.getByTestId('lock-user-search').locator('input').press('Enter');
  return page.getByTestId('lock-user-row');
}

test('an owner sees the people holding credentials on their locks, their detail and what is about to expire, sends one more eKeys, deletes one and exports them', async ({
  page,
  browser,
  site,
}) => {
  test.setTimeout(480_000);
  const stamp = `lu${Date.now().toString(36)}`;
  const alice = `${stamp}-alice@example.com`;
  const bob = `${stamp}-bob@example.com`;
  const cleaner = `Cleaner ${stamp}`;
  await logInAsDemo(page, site);
  await expect(new LockListPage(page).rows().first()).toBeVisible({ timeout: 30_000 });

  // Bob gets permanent eKeys on two locks; Alice a timed one (a week from now) on one.
  await page.goto(site('/manage/issueEKeyBatch'));
  await tickLocks(page, 'batch', [FRONT, BACK]);
  await addRecipient(page, bob);
  await sendBatch(page, 'Sent: 2');
  await page.goto(site('/manage/issueEKeyBatch'));
  await tickLocks(page, 'batch', [FRONT]);
  await addRecipient(page, alice);
  await choose(page, 'validity-type-limited');
  await sendBatch(page, 'Sent: 1');

  // A permanent passcode named after the cleaner.
  await page.goto(site('/console/home'));
  await new LockListPage(page).openLock(FRONT);
  const lockId = new URL(page.url()).searchParams.get('lockId');
  await page.goto(site(`/manage/issuePasscode?lockId=${lockId}`));
  await choose(page, 'passcode-kind-permanent');
  await page.getByTestId('passcode-name-input').fill(cleaner);
  await page.getByTestId('issue-passcode-submit').click();
  await expect(page.getByTestId('passcode-sent')).toBeVisible({ timeout: 30_000 });

  // The lock users: the three of them, Bob on two locks with two eKeys, Alice's key ending.
  await page.goto(site('/lockUser/home'));
  const rows = await searchPeople(page, stamp);
  await expect(rows).toHaveCount(3);
  const bobRow = rows.filter({ hasText: bob });
  await expect(bobRow.locator('[data-kind="ekey"]')).toHaveAttribute('data-count', '2');
  await expect(bobRow.getByTestId('lock-user-next-end')).toHaveText('Permanent');
  const aliceRow = rows.filter({ hasText: alice });
  await expect(aliceRow.getByTestId('lock-user-next-end')).not.toHaveText('Permanent');
  const cleanerRow = rows.filter({ hasText: cleaner });
  await expect(cleanerRow.locator('[data-kind="passcode"]')).toHaveAttribute('data-count', '1');
  await expect(cleanerRow.getByTestId('lock-user-send-ekeys')).toHaveCount(0);
  await shot(page, 'lock-users-en');

  // Bob's detail: his two locks, each with its eKey and status.
  await bobRow.getByTestId('lock-user-open').click();
  const detail = page.getByTestId('lock-user-detail');
  await expect(detail.getByTestId('lock-user-lock')).toHaveCount(2);
  await expect(detail.getByTestId('lock-user-lock').filter({ hasText: BACK })).toContainText('eKey');
  await expect(detail.getByTestId('ekey-status').first()).toBeVisible();
  await shot(page, 'lock-user-detail-en');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // One more eKey for Alice, from her row: the batch page starts with her as the recipient.
  await aliceRow.getByTestId('lock-user-send-ekeys').click();
  await expect(page).toHaveURL(/\/lockUser\/issueEKeyBatch\?account=/);
  await expect(page.getByTestId('batch-recipient')).toHaveCount(1);
  await expect(page.getByTestId('batch-recipient')).toContainText(alice);
  await tickLocks(page, 'batch', [BACK]);
  await sendBatch(page, 'Sent: 1');

  // About to expire: Alice's timed key, within the week.
  await page.goto(site('/lockUser/onDate'));
  await page.getByTestId('expiring-search').locator('input').fill(stamp);
  await page.getByTestId('expiring-search').locator('input').press('Enter');
  const expiring = page.getByTestId('expiring-row');
  await expect(expiring).toHaveCount(1);
  await expect(expiring).toContainText(alice);
  await expect(expiring).toContainText(FRONT);
  await page.getByTestId('expiring-preset-30').click();
  await expect(expiring).toHaveCount(1);
  await shot(page, 'lock-users-expiring-en');

  // Alice is deleted: typed confirmation, then what came of it.
  await page.goto(site('/lockUser/home'));
  const onlyAlice = await searchPeople(page, alice);
  await expect(onlyAlice).toHaveCount(1);
  await onlyAlice.getByTestId('lock-user-remove').click();
  const confirm = page.getByTestId('lock-user-remove-confirm');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('lock-user-remove-understood').check();
  await page.getByTestId('lock-user-remove-name').fill(alice.toUpperCase());
  await confirm.click();
  await expect(page.getByTestId('lock-user-outcome')).toContainText('eKeys deleted: 2');
  await shot(page, 'lock-user-deleted-en');
  await page.getByTestId('lock-user-outcome-close').click();
  await expect(page.getByTestId('lock-user-empty')).toBeVisible();
  await expect(await searchPeople(page, stamp)).toHaveCount(2);

  // The demo owner is on the advanced function's trial: the export of two locks, written in
  // the browser from the server's pages, holds Bob's two eKeys and the cleaner's passcode.
  await page.goto(site('/lockUser/export'));
  await choose(page, 'export-scope-selected');
  await tickLocks(page, 'export', [FRONT, BACK]);
  await expect(page.getByTestId('export-selected-locks')).toContainText(FRONT);
  const total = page.getByTestId('export-total');
  await expect(total).toContainText(/[1-9]/);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-start').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lock-users-\d{8}-\d{4}\.xlsx$/);
  await expect(page.getByTestId('export-run')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('export-progress')).toHaveAttribute('aria-valuenow', '100');
  await shot(page, 'lock-users-export-en');
  const rowsToExport = Number(((await total.textContent()) ?? '').replace(/[^0-9]/g, ''));

  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
  expect(strFromU8(files['xl/workbook.xml'] as Uint8Array)).toContain('Lock users');
  for (const header of ['Person', 'Account', 'Nickname', 'Lock', 'Credential type', 'Valid from', 'Valid until']) {
    expect(sheet).toContain(`>${header}<`);
  }
  expect(sheet.match(/<row /g)).toHaveLength(1 + rowsToExport);
  const rowsOf = (text: string) => (sheet.match(/<row [\s\S]*?<\/row>/g) ?? []).filter((row) => row.includes(text));
  expect(rowsOf(bob)).toHaveLength(2);
  expect(rowsOf(bob).join('')).toContain(BACK);
  expect(rowsOf(cleaner)).toHaveLength(1);
  expect(rowsOf(cleaner)[0]).toContain('>Passcode<');
  expect(rowsOf(alice)).toHaveLength(0);

  // An account that owns no lock is told that exports cover the locks one owns.
  const newcomer = await browser.newContext();
  const newcomerPage = await newcomer.newPage();
  await registerAndLogIn(newcomerPage, site, uniqueEmail('export'), 'Console#2026');
  await newcomerPage.goto(site('/lockUser/export'));
  await expect(newcomerPage.getByTestId('export-no-locks')).toBeVisible();
  await expect(newcomerPage.getByTestId('export-start')).toHaveCount(0);
  await shot(newcomerPage, 'lock-users-export-no-locks-en');
  await newcomer.close();

  // On a phone: the people and the export still fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'lock-users-export-phone-en');
  await page.goto(site('/lockUser/home'));
  const phoneRows = await searchPeople(page, stamp);
  await expect(phoneRows).toHaveCount(2);
  await shot(page, 'lock-users-phone-en');
  await phoneRows.filter({ hasText: bob }).getByTestId('lock-user-open').click();
  await expect(page.getByTestId('lock-user-lock')).toHaveCount(2);
  await shot(page, 'lock-user-detail-phone-en');
  await page.keyboard.press('Escape');
  await page.goto(site('/lockUser/onDate'));
  await page.getByTestId('expiring-search').locator('input').fill(stamp);
  await page.getByTestId('expiring-search').locator('input').press('Enter');
  await expect(page.getByTestId('expiring-range')).toBeVisible();
  await expect(page.getByTestId('expiring-row')).toHaveCount(0);
  await expect(page.getByTestId('expiring-empty')).toBeVisible();
  await shot(page, 'lock-users-expiring-phone-en');
});
