import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, latestCode, shot, test, uniqueEmail } from '../support/fixtures';
import { GatewayPage, RegisterPage, registerAndLogIn } from '../support/pages';
import { type Product, STATE_FILE } from '../support/product';

const PASSWORD = 'Console#2026';
const ROOT = join(import.meta.dirname, '..', '..');
const locale = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, 'apps/web/src/i18n/locales', `${name}.json`), 'utf8'));

/** The product's MQTT broker, as its start banner names it. */
function brokerUrl(): string {
  const product = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as Product;
  const url = readFileSync(product.logFile, 'utf8').match(/Gateways \(MQTT\)\s+(mqtt:\/\/\S+)/)?.[1];
  if (!url) throw new Error('the product named no MQTT broker');
  return url;
}

/** A simulated fleet (apps/devices) registered to an account: one gateway with one door lock. */
async function startFleet(api: string, account: string): Promise<ChildProcess> {
  const state = join(mkdtempSync(join(tmpdir(), 'smartlock-fleet-')), 'devices.json');
  const args = ['--import', 'tsx', 'src/cli.ts', 'fleet', '--api', api, '--account', account];
  args.push('--mqtt', brokerUrl(), '--gateways', '1', '--locks-per-gateway', '1', '--kinds', 'door');
  args.push('--state', state);
  const fleet = spawn(process.execPath, args, {
    cwd: join(ROOT, 'apps/devices'),
    env: { ...process.env, DEVICES_PASSWORD: PASSWORD },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  fleet.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((ready, fail) => {
    fleet.stdout?.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('"event":"ready"')) ready();
    });
    fleet.once('exit', (code) => fail(new Error(`the fleet exited (${code}):\n${output}`)));
  });
  return fleet;
}

test('a new account learns that gateways are added from the mobile app, in English and Chinese', async ({
  page,
  site,
}) => {
  await registerAndLogIn(page, site, uniqueEmail('gateways'), PASSWORD);
  await expect(page).toHaveURL(/\/console\/home$/);
  const gateways = new GatewayPage(page);

  await page.goto(site('/plug/home'));
  await expect(page.getByTestId('breadcrumb')).toContainText('Home');
  await expect(page.getByTestId('breadcrumb')).toContainText('Gateways');
  await expect(gateways.emptyState()).toContainText(locale('en_US').gateway.emptyHint);
  await expect(page).toHaveTitle('Gateways - SmartLock Cloud');
  await expect(page.getByTestId('live-badge')).toHaveAttribute('data-connected', 'true');
  await shot(page, 'gateways-empty-en');

  await page.goto(site('/plug/home?lang=zh_CN'));
  await expect(gateways.emptyState()).toContainText(locale('zh_CN').gateway.emptyHint);
  await shot(page, 'gateways-empty-zh-cn');
});

test("a fleet's gateway: its locks, a remote unlock followed to its end, the clock, a rename", async ({
  page,
  site,
}) => {
  const email = uniqueEmail('fleet');
  await registerAndLogIn(page, site, email, PASSWORD);
  await expect(page).toHaveURL(/\/console\/home$/);
  const fleet = await startFleet(site(''), email);
  try {
    const gateways = new GatewayPage(page);
    await page.goto(site('/plug/home'));
    await expect(gateways.row('Gateway 1')).toContainText('Online');
    await shot(page, 'gateways-list-en');

    await gateways.openLocks('Gateway 1');
    const door = gateways.lock('Door');
    expect(await gateways.run(door, 'unlock')).toBe('success');
    await expect(door.getByTestId('bolt-state')).toHaveText('Unlocked');
    // The door locks itself again after a few seconds; the live channel brings that in.
    await expect(door.getByTestId('bolt-state')).toHaveText('Locked', { timeout: 30_000 });
    expect(await gateways.run(door, 'queryDate')).toBe('success');
    await expect(door.getByTestId('clock-reading')).toContainText('Lock time');
    await shot(page, 'gateway-locks-en');
    await page.keyboard.press('Escape');

    await gateways.rename('Gateway 1', 'Lobby');
    await expect(gateways.row('Lobby')).toBeVisible();
  } finally {
    fleet.kill('SIGTERM');
  }
});

test('a gateway transferred to another account leaves the list for good', async ({ page, site }) => {
  const receiver = uniqueEmail('receiver');
  await page.goto(site('/regist'));
  await new RegisterPage(page).register(receiver, PASSWORD);
  await expect(page).toHaveURL(/\/registSuccess$/);
  const owner = uniqueEmail('giver');
  await registerAndLogIn(page, site, owner, PASSWORD);
  await expect(page).toHaveURL(/\/console\/home$/);
  const fleet = await startFleet(site(''), owner);
  try {
    const gateways = new GatewayPage(page);
    await page.goto(site('/plug/home'));
    await expect(gateways.row('Gateway 1')).toBeVisible();
    await gateways.transfer('Gateway 1', receiver, PASSWORD, () => latestCode(owner));
    await expect(gateways.emptyState()).toBeVisible();
  } finally {
    fleet.kill('SIGTERM');
  }
});
