import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ERRORS,
  ekey,
  FaceIdentifyFrequency,
  LockSwitch,
  lock,
  ServiceType,
  Switch,
  ValidityType,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceIdentifications, locks } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { addUnits, balanceOf } from '../service/serviceQueries';

const photo = (name: string) => ({
  field: 'photo',
  filename: name,
  contentType: 'image/jpeg',
  data: readFileSync(fileURLToPath(new URL(`../face/photoCheck/fixtures/${name}`, import.meta.url))),
});

let server: TestServer;
let owner: TestClient;
let ownerId: number;
let holder: TestClient;
let stranger: TestClient;
let lockId: number;
let keyId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerId } = await loggedInClient(server, 'face-owner@example.com'));
  ({ client: holder } = await loggedInClient(server, 'face-holder@example.com'));
  ({ client: stranger } = await loggedInClient(server, 'face-stranger@example.com'));
  lockId = await addLock(owner, 'Lobby', ['passcode', 'remoteUnlock', 'face']);
  const sent = await owner.call(ekey.send, {
    lockId,
    receiverUsername: 'face-holder@example.com',
    validityType: ValidityType.permanent,
    remoteEnable: 1,
  });
  keyId = dataOf(sent).keyId;
  await setLock(
    { [LockSwitch.faceIdentify]: Switch.on, [LockSwitch.remoteUnlock]: Switch.on },
    FaceIdentifyFrequency.daily,
  );
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;
const units = () => balanceOf(db(), ownerId, ServiceType.faceIdentify);
const identifications = () => db().select().from(faceIdentifications).where(eq(faceIdentifications.keyId, keyId));
function setLock(switches: Record<string, number>, frequency: number) {
  return db().update(locks).set({ switches, faceAuthFrequency: frequency }).where(eq(locks.id, lockId));
}
const identify = (client: TestClient, name = 'portrait.jpg') =>
  client.callMultipart(ekey.faceAuth, { keyId }, [photo(name)]);
const required = async () => {
  const synced = await holder.call(ekey.sync);
  return synced.body.data?.list.find((key) => key.keyId === keyId)?.faceAuthRequired;
};

describe('face identification of an eKey holder', () => {
  it('is asked for by a lock with the switch on, and refused while the owner has no units', async () => {
    expect(await required()).toBe(true);
    const refused = await identify(holder);
    expect(refused.body).toMatchObject({
      errorCode: ERRORS.faceIdentifyBalanceEmpty.code,
      errorMsg: 'The face identification balance is used up. Buy more under Value-added services.',
    });
    expect(await identifications()).toEqual([]);
    // Remote unlock waits for it too.
    const unlock = await holder.call(lock.unlock, { lockId });
    expect(unlock.body.errorCode).toBe(ERRORS.faceIdentificationRequired.code);
  });

  it('uses one of the owner’s units per identification, once per period of the lock’s frequency', async () => {
    await addUnits(db(), ownerId, ServiceType.faceIdentify, 2);
    const noFace = await identify(holder, 'no-face.jpg');
    expect(noFace.body.errorCode).toBe(ERRORS.photoRequirement.code);
    expect(await units()).toBe(2);
    const done = await identify(holder);
    expect(done.body.data?.identified).toBe(true);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(done.body.data?.dueAgainAt).toBe(midnight.getTime());
    expect(await units()).toBe(1);
    expect(await required()).toBe(false);
    const again = await identify(holder);
    expect(again.body.data).toEqual({ identified: false, dueAgainAt: midnight.getTime() });
    expect(await units()).toBe(1);
    expect((await holder.call(lock.unlock, { lockId })).body.errorCode).not.toBe(
      ERRORS.faceIdentificationRequired.code,
    );
    expect(await identifications()).toHaveLength(1);
  });

  it('asks nothing when the lock’s switch is off, and only of the key’s holder', async () => {
    await setLock({ [LockSwitch.faceIdentify]: Switch.off }, FaceIdentifyFrequency.daily);
    await db().delete(faceIdentifications);
    expect(await required()).toBe(false);
    expect((await identify(holder)).body.data).toEqual({ identified: false, dueAgainAt: null });
    for (const client of [owner, stranger]) {
      expect((await identify(client)).body.errorCode).toBe(ERRORS.noPermission.code);
    }
    expect(await units()).toBe(1);
  });
});
