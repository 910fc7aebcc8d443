import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { apiKey, lock, webhook } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { until } from '../../test/until';

/**
 * The SDK's README examples (packages/sdk/examples, the same files the README shows) run as a
 * user runs them: `@smartlock/sdk` as built (dist/), an API key made by the account, against a
 * listening server with the account's simulated door lock behind its gateway.
 */
const SDK = join(serverRoot(), '..', '..', 'packages', 'sdk');
const run = promisify(execFile);

let world: FleetServer;
let secret: string;
let lockId: number;

beforeAll(async () => {
  if (!existsSync(join(SDK, 'dist', 'index.js'))) {
    throw new Error('packages/sdk is not built: run `npm run build` first (npm test builds before this tier)');
  }
  world = await startFleetServer('sdk-examples@example.com', { gateways: 1, locksPerGateway: 1, kinds: 'door' });
  lockId = world.gateways[0]?.locks[0]?.lockId as number;
  const made = await world.client.call(apiKey.create, {
    name: 'SDK examples',
    scopes: 'read,credentials,remote',
  });
  expect(made.body.errorCode, JSON.stringify(made.body)).toBe(0);
  secret = made.body.data?.secret as string;
}, 120_000);

afterAll(async () => world?.close());

/** Runs one example to its end; what it printed. */
async function example(name: string, env: Record<string, string> = {}) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join('examples', `${name}.ts`)], {
    cwd: SDK,
    env: {
      ...process.env,
      SMARTLOCK_URL: world.apiUrl,
      SMARTLOCK_API_KEY: secret,
      SMARTLOCK_LOCK_ID: String(lockId),
      ...env,
    },
    timeout: 60_000,
  });
  return stdout.trim();
}

describe('the SDK examples against the product', () => {
  it('lists the locks the key can see', async () => {
    const lines = (await example('listLocks')).split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${lockId}\\t.+\\tbattery \\d+%\\tonline$`));
  });

  it('issues a passcode that the lock confirms through its gateway', async () => {
    expect(await example('issuePasscode', { SMARTLOCK_PASSCODE: '731946' })).toMatch(/^passcode \d+: set on the lock$/);
  });

  it('unlocks the lock remotely and reports the lock’s answer', async () => {
    expect(await example('remoteUnlock')).toBe('unlocked');
  });

  it('a receiver given the endpoint’s secret verifies the signed delivery of a remote unlock’s record', async () => {
    const added = await world.client.call(webhook.add, {
      url: 'http://127.0.0.1:9/placeholder',
      events: 'lock.unlockRecord',
    });
    expect(added.body.errorCode, JSON.stringify(added.body)).toBe(0);
    const endpointSecret = added.body.data?.secret as string;
    const receiver = spawn(process.execPath, ['--import', 'tsx', join('examples', 'verifyWebhook.ts')], {
      cwd: SDK,
      env: { ...process.env, PORT: '0', SMARTLOCK_WEBHOOK_SECRET: endpointSecret },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    createInterface({ input: receiver.stdout }).on('line', (line) => lines.push(line));
    try {
      await until(async () => lines.some((line) => line.startsWith('listening on ')), 30_000);
      const port = lines[0]?.replace('listening on ', '');
      const endpointId = added.body.data?.endpoint.endpointId as number;
      const moved = await world.client.call(webhook.update, {
        endpointId,
        url: `http://127.0.0.1:${port}/hooks`,
        events: 'lock.unlockRecord',
      });
      expect(moved.body.errorCode, JSON.stringify(moved.body)).toBe(0);
      world.server.app.services.webhooks.worker.start();
      await world.client.call(lock.unlock, { lockId });
      await until(async () => lines.includes('verified lock.unlockRecord'), 30_000);
    } finally {
      receiver.kill();
    }
  });
});
