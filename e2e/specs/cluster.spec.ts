import { readFileSync } from 'node:fs';
import { expect, shot, test } from '../support/fixtures';
import { GatewayPage, logInAsDemo } from '../support/pages';
import { clustered, type Product, stateFile } from '../support/product';

function product(): Product {
  return JSON.parse(readFileSync(stateFile(), 'utf8')) as Product;
}

test.skip(!clustered(), 'runs when the product is started as two instances (PostgreSQL and an MQTT broker)');

test('across two instances: a remote unlock sent through one is answered, and its lock state reaches a browser on the other live', async ({
  browser,
}) => {
  const [first, second] = product().instances;
  const on = (port: number | undefined, path: string) => `http://localhost:${port}${path}`;
  // One browser on each instance, pinned to it (no balancer in between).
  const sender = await (await browser.newContext()).newPage();
  const watcher = await (await browser.newContext()).newPage();
  await logInAsDemo(sender, (path) => on(first, path));
  await logInAsDemo(watcher, (path) => on(second, path));

  await watcher.goto(on(second, '/plug/home'));
  await expect(new GatewayPage(watcher).row('Gateway 1')).toContainText('Online', { timeout: 30_000 });
  const door = (await new GatewayPage(watcher).openLocks('Gateway 1'))
    .getByTestId('gateway-lock')
    .filter({ has: watcher.getByTestId('remote-unlock') })
    .first();
  const lockId = await door.getAttribute('data-lock-id');
  const watched = watcher.locator(`[data-testid="gateway-lock"][data-lock-id="${lockId}"]`);
  // Doors lock themselves again 10 s after an unlock: wait for a locked door.
  await expect(watched.getByTestId('bolt-state')).toHaveText('Locked', { timeout: 20_000 });

  await sender.goto(on(first, '/plug/home'));
  const senderPage = new GatewayPage(sender);
  await senderPage.openLocks('Gateway 1');
  const sent = sender.locator(`[data-testid="gateway-lock"][data-lock-id="${lockId}"]`);
  // The command leaves through the first instance; the gateway's answer may reach either.
  expect(await senderPage.run(sent, 'unlock')).toBe('success');
  await expect(sent.getByTestId('bolt-state')).toHaveText('Unlocked');
  // The browser on the second instance hears of the lock's new state live, and of its relocking.
  await expect(watched.getByTestId('bolt-state')).toHaveText('Unlocked', { timeout: 5_000 });
  await shot(watcher, 'cluster-second-instance-en');
  await expect(watched.getByTestId('bolt-state')).toHaveText('Locked', { timeout: 20_000 });
  await sender.context().close();
  await watcher.context().close();
});
