import type { Page } from '@playwright/test';
import { expect, shot, test } from '../support/fixtures';
import { GatewayPage, LoginPage } from '../support/pages';

/**
 * Records every phase an operation status shows, in order, from now on: a phase that lasts
 * less than a poll (the simulated lock answers fast) is seen all the same.
 */
async function recordPhases(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { phasesSeen: string[] }).phasesSeen = seen;
    const note = (element: Element) => {
      const phase = element.getAttribute('data-phase');
      if (phase && seen.at(-1) !== phase) seen.push(phase);
    };
    const selector = '[data-testid="operation-status"]';
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof Element && record.target.matches(selector)) note(record.target);
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          if (node.matches(selector)) note(node);
          for (const inner of Array.from(node.querySelectorAll(selector))) note(inner);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  });
  return () => page.evaluate(() => (window as unknown as { phasesSeen: string[] }).phasesSeen);
}

const DEMO = { account: 'demo@smartlock.example', password: 'Demo@2026' };

test('the demo account sees the demo fleet, and a remote unlock shows its phases in order and its success, live', async ({
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
  const phases = await recordPhases(page);
  // Live means the end arrives on the live channel: the console never has to ask for it.
  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/lock/getRemoteOperation')) polls.push(request.url());
  });
  await door.getByTestId('remote-unlock').click();
  // Unlocking is confirmed first, in a dialog naming the lock.
  await expect(page.locator('.ant-modal-confirm')).toContainText(
    await door.locator('.ant-card-head-title').innerText(),
  );
  await page.getByTestId('remote-confirm').click();
  await expect(door.getByTestId('operation-status')).toHaveAttribute('data-phase', 'success', { timeout: 20_000 });
  // Each phase shown comes in the operation's order and it ends in success. "Operating" shows
  // while the gateway works; a lock that answers before the start's reply arrives goes straight to
  // its end, so that phase may be too short to be drawn.
  const seen = await phases();
  const order = ['starting', 'operating', 'success'];
  expect(seen.at(-1), 'the last phase shown').toBe('success');
  expect(
    seen.every(
      (phase, at) => order.includes(phase) && (at === 0 || order.indexOf(seen[at - 1] ?? '') < order.indexOf(phase)),
    ),
    `phases shown, in order: ${seen.join(' → ')}`,
  ).toBe(true);
  expect(polls, 'the end came over the live channel, not by asking').toEqual([]);
  await expect(door.getByTestId('bolt-state')).toHaveText('Unlocked');
  await shot(page, 'demo-remote-unlock-en');
});
