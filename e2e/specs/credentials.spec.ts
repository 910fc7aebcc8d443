import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { choose, LockListPage, logInAsDemo } from '../support/pages';

const FROZEN = '110405';
const WAITING = '110402';

test('an owner issues a limited eKey and a cyclic passcode, sees them listed, and freezes and unfreezes the eKey in English and German', async ({
  page,
  site,
}) => {
  test.setTimeout(240_000);
  await logInAsDemo(page, site);
  await new LockListPage(page).openLock('Door G3-2');
  const lockId = new URL(page.url()).searchParams.get('lockId');
  expect(lockId).toMatch(/^[1-9][0-9]*$/);

  // A limited eKey to an account that has not registered yet: the console asks before sending.
  await page.getByTestId('tab-ekey').click();
  await page.getByTestId('ekey-send').click();
  const recipient = uniqueEmail('guest');
  await page.getByTestId('account-kind').getByText('Email').click();
  await page.getByTestId('account').fill(recipient);
  await page.getByTestId('ekey-key-name').fill('Cleaner');
  await choose(page, 'validity-type-limited');
  await expect(page.getByTestId('validity-editor')).toHaveAttribute('data-validity-type', 'limited');
  await page.getByTestId('issue-ekey-submit').click();
  await page.getByTestId('recipient-confirm-unregistered').click();
  await page.getByTestId('recipient-confirm').click();
  await expect(page.getByTestId('ekey-sent')).toBeVisible();
  await expect(page.getByTestId('ekey-sent-recipient')).toContainText(recipient);
  await page.getByTestId('ekey-back').click();

  const keyRow = page.getByTestId('ekey-table').locator('tr', { hasText: recipient });
  await expect(keyRow.getByTestId('ekey-status')).toHaveAttribute('data-status', WAITING);
  await expect(keyRow.getByTestId('ekey-name')).toHaveText('Cleaner');
  await expect(keyRow.getByTestId('ekey-validity')).toContainText('–');
  await shot(page, 'ekey-tab-en');

  // A cyclic passcode, every day from 08:00 to 18:00 of the lock's time.
  await page.getByTestId('tab-passcode').click();
  await page.getByTestId('passcode-get').click();
  await choose(page, 'passcode-kind-cyclic');
  await page.getByTestId('passcode-name-input').fill('Nanny');
  await page.getByTestId('issue-passcode-submit').click();
  await expect(page.getByTestId('passcode-sent')).toBeVisible();
  const digits = ((await page.getByTestId('passcode-big-digits').textContent()) ?? '').replace(/\D/g, '');
  expect(digits).toMatch(/^[0-9]{9}$/);
  await shot(page, 'passcode-sent-en');
  await page.getByTestId('passcode-back').click();
  const codeRow = page.getByTestId('passcode-table').locator('tr', { hasText: 'Nanny' });
  await expect(codeRow.getByTestId('passcode-digits')).toContainText(digits);
  await expect(codeRow.getByTestId('passcode-type')).toContainText('Recurring');
  await expect(page.getByTestId('tab-passcode')).toHaveAttribute('data-count', /[1-9]/);

  // In German: the same eKey, frozen and unfrozen.
  await page.goto(site(`/manage/ekey?lockId=${lockId}&lang=de_DE`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(keyRow.getByTestId('ekey-status')).toContainText('Wartet');
  await keyRow.getByTestId('ekey-more').click();
  await page.getByTestId('ekey-action-freeze').click();
  await expect(keyRow.getByTestId('ekey-status')).toHaveAttribute('data-status', FROZEN);
  await expect(keyRow.getByTestId('ekey-status')).toContainText('Gesperrt');
  await shot(page, 'ekey-frozen-de');
  await keyRow.getByTestId('ekey-more').click();
  await page.getByTestId('ekey-action-unfreeze').click();
  await expect(keyRow.getByTestId('ekey-status')).toHaveAttribute('data-status', WAITING);

  await page.goto(site(`/manage/passcode?lockId=${lockId}&lang=de_DE`));
  await expect(codeRow.getByTestId('passcode-type')).toContainText('Wiederkehrend');
});
