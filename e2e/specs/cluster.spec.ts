import { expect, shot, test } from '../support/fixtures';
import { GatewayPage, logInAsDemo } from '../support/pages';
import { clustered, startSecondInstance } from '../support/product';

test.skip(!clustered(), 'runs when the product is on PostgreSQL and an MQTT broker, which instances share');

/** A second instance joined to the run's, and a round-robin balancer in front of both, for this file's tests. */
let cluster: Awaited<ReturnType<typeof startSecondInstance>>;
test.beforeAll(async () => {
  cluster = await startSecondInstance();
});
test.afterAll(async () => {
  await cluster?.stop();
});

const on = (port: number | undefined, path: string) => `http://localhost:${port}${path}`;

test('across two instances: a remote unlock sent through one is answered, and its lock state reaches a browser on the other live', async ({
  browser,
}) => {
  const [first, second] = cluster.instances;
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

test('behind a round-robin balancer, one browser whose calls land on both instances logs in, lists its locks and unlocks a door to its end', async ({
  page,
}) => {
  const through = (path: string) => on(cluster.balancer.port, path);
  const before = [...cluster.balancer.served];
  // The login screen's session, made on one instance, is honoured by the other.
  await logInAsDemo(page, through);
  await expect(page.getByTestId('lock-link').first()).toBeVisible({ timeout: 30_000 });
  await page.goto(through('/plug/home'));
  const gateways = new GatewayPage(page);
  await expect(gateways.row('Gateway 1')).toContainText('Online', { timeout: 30_000 });
  const door = (await gateways.openLocks('Gateway 1'))
    .getByTestId('gateway-lock')
    .filter({ has: page.getByTestId('remote-unlock') })
    .first();
  // Started through one instance, followed to its end through either.
  expect(await gateways.run(door, 'unlock')).toBe('success');
  await expect(door.getByTestId('bolt-state')).toHaveText('Unlocked');
  const served = cluster.balancer.served.map((count, at) => count - (before[at] ?? 0));
  expect(Math.min(...served), `calls per instance: ${served.join(' / ')}`).toBeGreaterThan(5);
});
