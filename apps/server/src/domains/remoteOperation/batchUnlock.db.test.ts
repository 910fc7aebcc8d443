import { ERRORS, LockSwitch, lock, RemoteUnlockSwitch, RequestParam, VipStatus } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locks } from '../../db/schema';
import { addGateway, addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { setVipStatus } from '../../test/vip';

let server: TestServer;
let owner: TestClient;
let ownerId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerId } = await loggedInClient(server, 'batch-unlock-owner@example.com'));
  await setVipStatus(server.app.services.database.db, ownerId, VipStatus.trial);
}, 60_000);
afterAll(async () => server?.close());

describe('batch unlock', () => {
  it('gives each lock that could not start its catalogue code and message, in the caller’s language', async () => {
    const switchedOff = await addLock(owner, 'Remote unlock off');
    const behindOffline = await addLock(owner, 'Offline gateway');
    await server.app.services.database.db
      .update(locks)
      .set({ switches: { [LockSwitch.remoteUnlock]: RemoteUnlockSwitch.on } })
      .where(eq(locks.id, behindOffline));
    await addGateway(owner, 'Never connected', [behindOffline]);
    const lockIdList = `${switchedOff},${behindOffline}`;

    const english = await owner.call(lock.batchUnlock, { lockIdList });
    expect(english.body.errorCode, JSON.stringify(english.body)).toBe(0);
    expect(english.body.data?.list).toEqual([
      {
        lockId: switchedOff,
        errorCode: ERRORS.remoteUnlockNotEnabled.code,
        errorMsg: 'Remote unlock is not enabled for this lock.',
        operation: null,
      },
      {
        lockId: behindOffline,
        errorCode: ERRORS.lockNotConnectedToGateway.code,
        errorMsg: 'The lock is not connected to a gateway.',
        operation: null,
      },
    ]);

    const german = await owner.call(lock.batchUnlock, {
      lockIdList,
      [RequestParam.lang]: 'de_DE',
    });
    expect(german.body.data?.list.map((entry) => entry.errorMsg)).toEqual([
      'Die Fernentriegelung ist für dieses Schloss nicht aktiviert.',
      'Das Schloss ist mit keinem Gateway verbunden.',
    ]);
  });
});
