import { ALL_CALLS, type CallDefinition, ERRORS, VipStatus } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesFor, OBJECT_PARAMS, paramsFor } from '../test/callParams';
import { loggedInClient } from '../test/fixtures';
import { type Reply, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { buildWorld, type World } from '../test/permissionWorld';
import { setVipStatus } from '../test/vip';

/**
 * A reply never tells a stranger whether an object exists: every call that points at a lock or
 * something on it answers a stranger alike for another account's object and for one that does
 * not exist (status, code, message, description, data).
 */

/** An id no object has. */
const MISSING = 2_000_000_001;

let server: TestServer;
let world: World;
let stranger: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await loggedInClient(server, 'probed-owner@example.com');
  const admin = await loggedInClient(server, 'probed-admin@example.com');
  await loggedInClient(server, 'probed-ekey-user@example.com');
  // The owner writes templates (the advanced function's) for the world to hold one.
  await setVipStatus(server.app.services.database.db, owner.uid, VipStatus.trial);
  world = await buildWorld({
    server,
    owner: owner.client,
    ownerUid: owner.uid,
    adminAccount: 'probed-admin@example.com',
    adminUid: admin.uid,
    eKeyUserAccount: 'probed-ekey-user@example.com',
  });
  stranger = (await loggedInClient(server, 'prober@example.com')).client;
}, 60_000);
afterAll(() => server?.close());

/** The session calls with a parameter pointing at a lock or something on it. */
const PROBED = ALL_CALLS.filter(
  (call) =>
    call.auth === 'session' &&
    Object.keys((call.params as unknown as { shape?: object }).shape ?? {}).some(
      (name) => OBJECT_PARAMS[name] === 'lock',
    ),
);

async function send(call: CallDefinition, params: Record<string, string | number>): Promise<Reply<unknown>> {
  return call.upload ? stranger.callMultipart(call, params, filesFor(call)) : stranger.call(call, params);
}

describe('a stranger cannot tell whether a lock or what is on it exists', () => {
  it('probes every call that points at a lock', () => {
    expect(PROBED.length).toBeGreaterThan(40);
  });

  it.each(PROBED.map((call) => ({ path: call.path, call })))(
    '$path answers alike for another account’s object and a missing one',
    async ({ call }) => {
      const existing = paramsFor(call, world);
      const missing = { ...existing };
      for (const name of Object.keys(existing)) {
        if (OBJECT_PARAMS[name] === 'lock') missing[name] = typeof existing[name] === 'number' ? MISSING : `${MISSING}`;
      }
      const [theirs, nobodys] = [await send(call, existing), await send(call, missing)];
      const what = `${call.path}: ${JSON.stringify(theirs.body)} / ${JSON.stringify(nobodys.body)}`;
      expect(theirs.body.errorCode, what).not.toBe(ERRORS.success.code);
      expect({ status: theirs.status, body: theirs.body }, what).toEqual({
        status: nobodys.status,
        body: nobodys.body,
      });
    },
  );
});
