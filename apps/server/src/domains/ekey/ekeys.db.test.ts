import {
  type EKeyItem,
  EKeyStatus,
  ERRORS,
  eKeyCredentialKey,
  ekey,
  type HeldKey,
  readEKeyGrant,
  user,
  ValidityType,
} from '@smartlock/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, locks, outbox } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient, PASSWORD, registerAccount } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';

const HOUR = 3_600_000;
let server: TestServer;
let owner: TestClient;
let guest: TestClient;
let stranger: TestClient;
let lockId: number;
const GUEST = 'ekey-guest@example.com';

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, 'ekey-owner@example.com')).client;
  guest = (await loggedInClient(server, GUEST)).client;
  stranger = (await loggedInClient(server, 'ekey-stranger@example.com')).client;
  lockId = await addLock(owner, 'Front door');
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;

async function send(client: TestClient, params: Record<string, unknown>) {
  return client.callRaw(ekey.send, { lockId, ...params });
}

async function sendOk(client: TestClient, params: Record<string, unknown>): Promise<number> {
  const reply = await send(client, params);
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply).keyId;
}

async function listed(onLock = lockId, client = owner): Promise<EKeyItem[]> {
  const reply = await client.call(ekey.list, { lockId: onLock, pageSize: 200 });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return reply.body.data?.list ?? [];
}

async function held(client: TestClient): Promise<HeldKey[]> {
  const reply = await client.call(ekey.sync, {});
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return reply.body.data?.list ?? [];
}

async function keyCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(ekeys);
  return row?.n ?? 0;
}

async function deleteKeysOf(account: string) {
  await db().delete(ekeys).where(eq(ekeys.recipientAccount, account));
}

describe('sending an eKey', () => {
  it('sends a limited key that the recipient syncs with a credential signed for the lock', async () => {
    const start = Date.now() - HOUR;
    const end = Date.now() + 24 * HOUR;
    const keyId = await sendOk(owner, {
      receiverUsername: GUEST,
      validityType: ValidityType.limited,
      startDate: start,
      endDate: end,
      keyName: 'Cleaner',
    });
    const row = (await listed()).find((k) => k.keyId === keyId);
    expect(row).toMatchObject({ username: GUEST, keyStatus: EKeyStatus.normal, startDate: start, endDate: end });
    const mine = (await held(guest)).find((k) => k.keyId === keyId);
    expect(mine?.credential).toBeTruthy();
    const [lockRow] = await db().select().from(locks).where(eq(locks.id, lockId));
    const grant = await readEKeyGrant(await eKeyCredentialKey(lockRow?.lockSecret ?? ''), mine?.credential ?? '');
    expect(grant).toMatchObject({ keyId, lockMac: lockRow?.mac, startDate: start, endDate: end, username: GUEST });
    // The holder never receives the lock's secret.
    expect(JSON.stringify(mine)).not.toContain(lockRow?.lockSecret);
    await deleteKeysOf(GUEST);
  });

  it('refuses a second live key for the same recipient, the sender themself, and strangers', async () => {
    await sendOk(owner, { receiverUsername: GUEST, validityType: ValidityType.permanent });
    expect((await send(owner, { receiverUsername: GUEST, validityType: ValidityType.permanent })).body.errorCode).toBe(
      ERRORS.ekeyExists.code,
    );
    expect(
      (await send(owner, { receiverUsername: 'ekey-owner@example.com', validityType: ValidityType.permanent })).body
        .errorCode,
    ).toBe(ERRORS.sameAsCurrentAccount.code);
    const before = await keyCount();
    const foreign = await send(stranger, { receiverUsername: 'x@example.com', validityType: 1, createUser: 1 });
    expect(foreign.body.errorCode).toBe(ERRORS.noPermission.code);
    expect(await keyCount()).toBe(before);
    await deleteKeysOf(GUEST);
  });

  it.each([
    ['end in the past', { startDate: -2 * HOUR, endDate: -HOUR }, 'endInPast'],
    ['start not before end', { startDate: HOUR, endDate: HOUR }, 'startNotBeforeEnd'],
    ['no end', { startDate: HOUR }, 'badParameter'],
  ] as const)('refuses a limited key with %s and stores nothing', async (_name, offsets, error) => {
    const before = await keyCount();
    const now = Date.now();
    const reply = await send(owner, {
      receiverUsername: GUEST,
      validityType: ValidityType.limited,
      ...Object.fromEntries(Object.entries(offsets).map(([k, v]) => [k, now + v])),
    });
    expect(reply.body.errorCode).toBe(ERRORS[error].code);
    expect(await keyCount()).toBe(before);
  });

  it('accepts an end one minute ahead (the boundary) and a cyclic key with its weekly span', async () => {
    const now = Date.now();
    await sendOk(owner, { receiverUsername: GUEST, validityType: 2, startDate: now - HOUR, endDate: now + 60_000 });
    await deleteKeysOf(GUEST);
    const cycle = { weekDays: [1, 3, 5], startMinute: 480, endMinute: 1080 };
    const keyId = await sendOk(owner, {
      receiverUsername: GUEST,
      validityType: ValidityType.cyclic,
      startDate: now,
      endDate: now + 30 * 24 * HOUR,
      cycle: JSON.stringify(cycle),
    });
    expect((await listed()).find((k) => k.keyId === keyId)).toMatchObject({ keyType: 4, cycle });
    const noCycle = await send(owner, {
      receiverUsername: 'c2@example.com',
      createUser: 1,
      validityType: 4,
      startDate: now,
      endDate: now + HOUR,
    });
    expect(noCycle.body.errorCode).toBe(ERRORS.selectAtLeastOneTimePeriod.code);
    await deleteKeysOf(GUEST);
  });

  it('asks for a country code or a confirmation for an unregistered recipient, who claims the key on registering', async () => {
    const newcomer = 'ekey-newcomer@example.com';
    const unconfirmed = await send(owner, { receiverUsername: newcomer, validityType: 1 });
    expect(unconfirmed.body.errorCode).toBe(ERRORS.recipientNeedsCountryCode.code);
    const keyId = await sendOk(owner, { receiverUsername: newcomer, validityType: 1, createUser: 1 });
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).toBe(EKeyStatus.waitingAccept);
    const [invitation] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, newcomer), eq(outbox.kind, 'ekeyInvitation')));
    expect(invitation?.body).toContain('Front door');
    const client = server.client();
    await registerAccount(server, client, newcomer);
    await client.call(user.login, { account: newcomer, password: PASSWORD });
    const claimed = (await held(client)).find((k) => k.keyId === keyId);
    expect(claimed).toMatchObject({ keyStatus: EKeyStatus.normal, credential: expect.any(String) });
  });
});

describe('freezing and unfreezing', () => {
  it('goes freezing -> frozen when the holder syncs, then unfreezing -> normal with a newer credential', async () => {
    const keyId = await sendOk(owner, { receiverUsername: GUEST, validityType: 1 });
    const first = (await held(guest)).find((k) => k.keyId === keyId);
    expect((await owner.call(ekey.freeze, { keyId })).body.errorCode).toBe(0);
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).toBe(EKeyStatus.freezing);
    const frozen = (await held(guest)).find((k) => k.keyId === keyId);
    expect(frozen).toMatchObject({ keyStatus: EKeyStatus.frozen, credential: null });
    expect((await owner.call(ekey.freeze, { keyId })).body.errorCode).toBe(ERRORS.ekeyStateConflict.code);
    expect((await owner.call(ekey.unfreeze, { keyId })).body.errorCode).toBe(0);
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).toBe(EKeyStatus.unfreezing);
    const thawed = (await held(guest)).find((k) => k.keyId === keyId);
    expect(thawed?.keyStatus).toBe(EKeyStatus.normal);
    const [lockRow] = await db().select().from(locks).where(eq(locks.id, lockId));
    const key = await eKeyCredentialKey(lockRow?.lockSecret ?? '');
    const before = await readEKeyGrant(key, first?.credential ?? '');
    const after = await readEKeyGrant(key, thawed?.credential ?? '');
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
    await deleteKeysOf(GUEST);
  });

  it('undoes a freeze the holder never saw without waiting for a sync', async () => {
    const keyId = await sendOk(owner, { receiverUsername: GUEST, validityType: 1 });
    await owner.call(ekey.freeze, { keyId });
    await owner.call(ekey.unfreeze, { keyId });
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).toBe(EKeyStatus.normal);
    await deleteKeysOf(GUEST);
  });

  it('freezes a key nobody has claimed at once, and unfreezing puts it back to waiting', async () => {
    const keyId = await sendOk(owner, { receiverUsername: 'unclaimed@example.com', validityType: 1, createUser: 1 });
    expect((await owner.call(ekey.freeze, { keyId })).body.errorCode).toBe(0);
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).toBe(EKeyStatus.frozen);
    expect((await owner.call(ekey.unfreeze, { keyId })).body.errorCode).toBe(0);
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).toBe(EKeyStatus.waitingAccept);
    await deleteKeysOf('unclaimed@example.com');
  });

  it('freezes and unfreezes all the keys the caller sent, and nobody else may freeze them', async () => {
    const a = await sendOk(owner, { receiverUsername: GUEST, validityType: 1 });
    const b = await sendOk(owner, { receiverUsername: 'ekey-stranger@example.com', validityType: 1 });
    expect((await stranger.call(ekey.freeze, { keyId: a })).body.errorCode).toBe(ERRORS.noPermission.code);
    const frozen = await owner.call(ekey.freezeAll, { lockId });
    expect(frozen.body.data?.count).toBeGreaterThanOrEqual(2);
    const statuses = (await listed()).filter((k) => [a, b].includes(k.keyId)).map((k) => k.keyStatus);
    expect(statuses).toEqual([EKeyStatus.freezing, EKeyStatus.freezing]);
    const thawed = await owner.call(ekey.unfreezeAll, { lockId });
    expect(thawed.body.data?.count).toBe(frozen.body.data?.count);
    expect(
      (await listed()).filter((k) => [a, b].includes(k.keyId)).every((k) => k.keyStatus === EKeyStatus.normal),
    ).toBe(true);
    await deleteKeysOf(GUEST);
    await deleteKeysOf('ekey-stranger@example.com');
  });
});

describe('validity changes and authorized administrators', () => {
  it('never lets an administrator give more than their own validity', async () => {
    const adminAccount = 'ekey-admin@example.com';
    const { client: admin } = await loggedInClient(server, adminAccount);
    const now = Date.now();
    await sendOk(owner, {
      receiverUsername: adminAccount,
      validityType: ValidityType.limited,
      startDate: now - HOUR,
      endDate: now + 10 * 24 * HOUR,
      keyRight: 1,
    });
    await held(admin);
    const beyond = await send(admin, {
      receiverUsername: GUEST,
      validityType: 2,
      startDate: now,
      endDate: now + 20 * 24 * HOUR,
    });
    expect(beyond.body.errorCode).toBe(ERRORS.validityBeyondEditor.code);
    const permanent = await send(admin, { receiverUsername: GUEST, validityType: 1 });
    expect(permanent.body.errorCode).toBe(ERRORS.validityBeyondEditor.code);
    const asAdmin = await send(admin, {
      receiverUsername: GUEST,
      validityType: 2,
      startDate: now,
      endDate: now + HOUR,
      keyRight: 1,
    });
    expect(asAdmin.body.errorCode).toBe(ERRORS.noPermission.code);
    const keyId = await sendOk(admin, {
      receiverUsername: GUEST,
      validityType: 2,
      startDate: now,
      endDate: now + 5 * 24 * HOUR,
    });
    const change = await admin.call(ekey.changePeriod, {
      keyId,
      validityType: 2,
      startDate: now,
      endDate: now + 11 * 24 * HOUR,
    });
    expect(change.body.errorCode).toBe(ERRORS.validityBeyondEditor.code);
    expect(
      (await admin.call(ekey.changePeriod, { keyId, validityType: 2, startDate: now, endDate: now + 9 * 24 * HOUR }))
        .body.errorCode,
    ).toBe(0);
    expect((await listed()).find((k) => k.keyId === keyId)).toMatchObject({
      endDate: now + 9 * 24 * HOUR,
      keyStatus: EKeyStatus.updating,
    });
    expect((await admin.call(ekey.deleteAll, { lockId })).body.errorCode).toBe(ERRORS.noPermission.code);

    // Deleting the administrator's key deletes the keys they sent.
    const adminKey = (await listed()).find((k) => k.username === adminAccount)?.keyId as number;
    expect((await owner.call(ekey.remove, { keyId: adminKey })).body.errorCode).toBe(0);
    const left = (await listed()).filter((k) => [adminKey, keyId].includes(k.keyId)).map((k) => k.keyStatus);
    expect(left).toEqual([EKeyStatus.deleting, EKeyStatus.deleting]);
    await held(guest);
    await held(admin);
    expect((await listed()).some((k) => [adminKey, keyId].includes(k.keyId))).toBe(false);
  });

  it('marks a key overdue once its validity has ended', async () => {
    const now = Date.now();
    const keyId = await sendOk(owner, {
      receiverUsername: GUEST,
      validityType: 2,
      startDate: now - HOUR,
      endDate: now + HOUR,
    });
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).not.toBe(EKeyStatus.overdue);
    // Its validity ends: moved into the past in the database rather than waited for.
    await db()
      .update(ekeys)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(ekeys.id, keyId));
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).toBe(EKeyStatus.overdue);
    expect((await held(guest)).find((k) => k.keyId === keyId)).toMatchObject({
      keyStatus: EKeyStatus.overdue,
      credential: null,
    });
    await deleteKeysOf(GUEST);
  });
});

describe('deleting and resetting all keys', () => {
  it('deletes every key of a lock (owner only), irreversibly', async () => {
    const guestKey = await sendOk(owner, { receiverUsername: GUEST, validityType: 1 });
    const unclaimed = await sendOk(owner, { receiverUsername: 'del-b@example.com', validityType: 1, createUser: 1 });
    const deleted = await owner.call(ekey.deleteAll, { lockId });
    expect(deleted.body.data?.count).toBeGreaterThanOrEqual(2);
    // Held keys wait for their holder's app; a key nobody claimed is gone at once.
    expect((await listed()).every((k) => k.keyStatus === EKeyStatus.deleting)).toBe(true);
    expect((await listed()).map((k) => k.keyId)).not.toContain(unclaimed);
    await held(guest);
    expect((await listed()).map((k) => k.keyId)).not.toContain(guestKey);
    expect((await owner.call(ekey.deleteAll, { lockId })).body.data).toEqual({ count: 0 });
  });

  it('resets keys: resetting until the holder syncs, then gone', async () => {
    const keyId = await sendOk(owner, { receiverUsername: GUEST, validityType: 1 });
    expect((await owner.call(ekey.reset, { lockId })).body.data?.count).toBe(1);
    expect((await listed()).find((k) => k.keyId === keyId)?.keyStatus).toBe(EKeyStatus.resetting);
    expect((await held(guest)).find((k) => k.keyId === keyId)).toBeUndefined();
    expect((await listed()).map((k) => k.keyId)).not.toContain(keyId);
    expect((await stranger.call(ekey.reset, { lockId })).body.errorCode).toBe(ERRORS.noPermission.code);
  });
});
