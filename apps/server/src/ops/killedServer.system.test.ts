import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ACCESS_TOKEN_COOKIE, lock } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../paths';
import { loggedInClient } from '../test/fixtures';
import { CONSOLE_SECRET, startTestServer, type TestServer } from '../test/harness';
import { ownersOf, preparedTransfer } from '../test/transfers';

/**
 * The server process killed (SIGKILL: no shutdown at all) while it moves locks from one owner to
 * another: the transfer is one transaction, so the database holds all of it or none of it.
 * Needs PostgreSQL (TEST_DATABASE_URL): a second process shares the test server's database.
 */
const SECRET_KEY = 'the-killed-server-shares-this-secret-0123456789';

/** The server as its own process (src/main.ts under tsx) on the given database; its URL. */
async function serverProcess(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(serverRoot(), 'src/main.ts')], {
    cwd: serverRoot(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SECRET_KEY,
      CONSOLE_APP_SECRET: CONSOLE_SECRET,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'smartlock-killed-')),
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      MQTT_URL: '',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const url = output.match(/SmartLock console\s+(http:\/\/\S+)/)?.[1];
    if (url) return { child, url: url.replace('localhost', '127.0.0.1') };
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${output}`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the server killed in the middle of a lock transfer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SECRET_KEY });
  });
  afterAll(() => server.close());

  it('leaves every lock with the giver or every lock with the receiver, and the giver can finish it', async () => {
    const receiver = 'killed-transfer-receiver@example.com';
    const { uid: receiverId } = await loggedInClient(server, receiver);
    let round = 0;
    /** A transfer sent to a fresh server process, which is killed `killAfterMs` after (never: it answers). */
    const transferThrough = async (killAfterMs: number | undefined) => {
      round++;
      const prepared = await preparedTransfer(server, `killed-transfer-${round}@example.com`, receiver);
      const victim = await serverProcess(server.databaseUrl as string);
      const signed = await prepared.client.signed(lock.transfer, prepared.params);
      const started = performance.now();
      const sent = fetch(`${victim.url}api${lock.transfer.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `${ACCESS_TOKEN_COOKIE}=${prepared.client.cookie}`,
        },
        body: new URLSearchParams(signed),
      }).then(
        async (response) => ((await response.json()) as { errorCode: number }).errorCode,
        () => 'cut off' as const,
      );
      if (killAfterMs !== undefined) setTimeout(() => victim.child.kill('SIGKILL'), killAfterMs);
      const outcome = await sent;
      const tookMs = performance.now() - started;
      victim.child.kill('SIGKILL');
      await new Promise<void>((r) =>
        victim.child.exitCode !== null || victim.child.signalCode ? r() : victim.child.once('exit', () => r()),
      );
      return { ...prepared, outcome, tookMs };
    };

    // How long the whole call takes on a fresh process (the password check, then the transaction).
    const whole = await transferThrough(undefined);
    expect(whole.outcome).toBe(0);
    expect(await ownersOf(server, whole.lockIds)).toEqual([receiverId]);
    // Killed at several moments of the call, around where its transaction runs (measured here at
    // 40 to 50 % of it, after the password check).
    for (const share of [0.3, 0.4, 0.45, 0.5, 0.6, 0.7]) {
      const { client, giverId, lockIds, params, outcome } = await transferThrough(whole.tookMs * share);
      const owners = await ownersOf(server, lockIds);
      expect(owners.length, `killed at ${share} of the call (${outcome}): owners ${owners}`).toBe(1);
      if (owners[0] === giverId) {
        // Nothing moved: the code was not spent either, so the giver finishes it through another instance.
        expect(outcome).not.toBe(0);
        expect((await client.call(lock.transfer, params)).body.errorCode).toBe(0);
      }
      expect(await ownersOf(server, lockIds)).toEqual([receiverId]);
    }
  }, 180_000);
});
