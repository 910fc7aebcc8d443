import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { withOwnFleet } from '../support/ownFleet';

const PASSWORD = 'Console#2026';

test('wrong codes typed at a lock raise an alert: the bell counts it live, and it leads to the lock’s records', async ({
  page,
  site,
}) => {
  test.setTimeout(120_000);
  await withOwnFleet(page, site, uniqueEmail('alerts'), PASSWORD, async (_lockName, _locks, fleet) => {
    const lockMac = fleet.layout?.[0]?.locks[0]?.mac ?? '';
    const bell = page.getByTestId('alert-bell');
    await expect(bell).toHaveAttribute('data-unread', '0');
    await expect(bell).toHaveAccessibleName('Alerts: 0 unread');

    // Five wrong codes at the keypad: the lock's records reach the cloud through the gateway.
    for (let i = 0; i < 5; i++)
      fleet.stdin?.write(`${JSON.stringify({ do: 'keypad', lock: lockMac, code: `90817${i}` })}\n`);
    await expect(bell).not.toHaveAttribute('data-unread', '0', { timeout: 20_000 });
    await expect(bell).toHaveAccessibleName(/^Alerts: [1-9] unread$/);

    await bell.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/alert\/list/);
    const burst = page.locator('[data-testid="alert-item"][data-kind="wrongPasscodes"]');
    await expect(burst).toHaveCount(1);
    await shot(page, 'alerts-list-en');
    await page.getByRole('tab', { name: 'Alert rules' }).click();
    await expect(page.getByLabel('Battery below (%)')).toHaveValue('20');
    await shot(page, 'alerts-rules-en');
    await page.getByRole('tab', { name: 'Notifications' }).click();

    // Following it to the records reads it: the bell counts one less.
    const before = Number(await bell.getAttribute('data-unread'));
    await burst.getByTestId('alert-records').click();
    await expect(page).toHaveURL(/\/manage\/records\?lockId=\d+&queryType=4/);
    await expect(page.locator('[data-testid="record-row"][data-record-type="26"]')).toHaveCount(5);
    await expect(bell).toHaveAttribute('data-unread', String(before - 1));
  });
});
