import { expect, shot, test } from '../support/fixtures';
import { GatewayPage, LoginPage } from '../support/pages';

const DEMO = { account: 'demo@smartlock.example', password: 'Demo@2026' };

test('the demo account sees the demo fleet, and a remote unlock shows operating, then success, live', async ({
  page,
  site,
}) => {
  await page.goto(site('/login'));
  await new LoginPage(page).logIn(DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/console\/home$/);

  const gateways = new GatewayPage(page);
  await page.goto(site('/plug/home'));
  // npm start runs three simulated gateways of different versions for the demo account.
  await expect(page.getByTestId('gateway-table').locator('tbody tr[data-row-key]')).toHaveCount(3, { timeout: 30_000 });
  for (const version of ['G1', 'G2', 'G3']) await expect(page.getByTestId('gateway-table')).toContainText(version);
  await expect(gateways.row('Gateway 1')).toContainText('Online', { timeout: 30_000 });
  await shot(page, 'demo-gateways-en');

  const drawer = await gateways.openLocks('Gateway 1');
  const door = drawer
    .getByTestId('gateway-lock')
    .filter({ has: page.getByTestId('remote-unlock') })
    .first();
  await door.getByTestId('remote-unlock').click();
  await expect(door.getByTestId('operation-status')).toHaveAttribute('data-phase', 'operating');
  await expect(door.getByTestId('operation-status')).toHaveAttribute('data-phase', 'success', { timeout: 20_000 });
  await expect(door.getByTestId('bolt-state')).toHaveText('Unlocked');
  await shot(page, 'demo-remote-unlock-en');
});
