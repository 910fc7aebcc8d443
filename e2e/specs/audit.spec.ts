import { featureValueOf } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { callAsPage } from '../support/api';
import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { LockDetailPage, registerAndLogIn } from '../support/pages';

const PASSWORD = 'Console#2026';

test('audit trail: a lock renamed is listed with its name before and after, and the chain verifies', async ({
  page,
  site,
}) => {
  const stamp = String(Date.now()).slice(-6);
  await registerAndLogIn(page, site, uniqueEmail('audit'), PASSWORD);
  // A lock registered as the owner's app does (renaming needs no gateway: the name is the cloud's).
  const mac = `AA:BB:${stamp.slice(0, 2)}:${stamp.slice(2, 4)}:${stamp.slice(4, 6)}:01`;
  const { lockId } = await callAsPage(page, site(''), lock.initialize, {
    lockMac: mac,
    lockNumber: `S31_${stamp}`,
    lockName: 'Front door',
    firmware: '6.1.22',
    featureValue: featureValueOf(['passcode']),
    passcodeVersion: 4,
  });
  const renamed = `Audited ${stamp}`;
  await page.goto(site(`/manage/ekey?lockId=${lockId}`));
  const detail = new LockDetailPage(page);
  await detail.rename(renamed);
  await page.keyboard.press('Escape');
  await expect(detail.settings()).toBeHidden();

  await page.getByTestId('open-audit').click();
  await expect(page).toHaveURL(new RegExp(`/audit/home\\?lockId=${lockId}$`));
  const row = page.getByTestId('audit-row').filter({ hasText: '/lock/rename' });
  await expect(row).toHaveCount(1);
  await row.locator('.ant-table-row-expand-icon').click();
  const diff = page.getByTestId('audit-diff');
  await expect(diff).toContainText('Front door');
  await expect(diff).toContainText(renamed);
  const chain = page.getByTestId('audit-chain');
  await expect(chain).toHaveAttribute('data-ok', 'true');
  await expect(chain).toContainText(/Chain verified up to entry #\d+, head hash [0-9a-f]{64}/);
  await shot(page, 'audit-en');
});
