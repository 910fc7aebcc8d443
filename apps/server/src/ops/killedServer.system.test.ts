import { performance } from 'node:perf_hooks';
import { ACCESS_TOKEN_COOKIE, lock } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/harness';
import { startServerProcess } from '../test/serverProcess';
import { ownersOf, preparedTransfer } from '../test/transfers';

/**
 * The server process killed (SIGKILL: no shutdown at all) while it moves locks from one owner to
 * another: the transfer is one transaction, so the database holds all of it or none of it.
 * Needs PostgreSQL (TEST_DATABASE_URL): a second process shares the test server's database.
 */
const SECRET_KEY = 'the-killed-server-shares-this-secret-0123456789';

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
      const victim = await startServerProcess(server.databaseUrl as string, { SECRET_KEY });
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
      await victim.kill();
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
