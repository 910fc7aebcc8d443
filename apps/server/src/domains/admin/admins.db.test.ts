import {
  AdminGroupQuery,
  admin,
  type CallDefinition,
  EKeyAuthorized,
  EKeyStatus,
  ERRORS,
  ekey,
  GroupId,
  group,
  LockAdminFlag,
  LockQueryType,
  LockRole,
  lock,
  lockRecord,
  ValidityType,
  VipStatus,
} from '@smartlock/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, users } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, type Reply, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { setVipStatus } from '../../test/vip';

const HOUR = 3_600_000;
const OWNER = 'admins-owner@example.com';
const ADMIN_A = 'admins-a@example.com';
const ADMIN_B = 'admins-b@example.com';
const GUEST = 'admins-guest@example.com';
let server: TestServer;
let owner: TestClient;
let adminA: TestClient;
let adminB: TestClient;
let guest: TestClient;
let stranger: TestClient;
let aUid: number;
let bUid: number;
let ownerUid: number;
let alpha: number;
let bravo: number;
let charlie: number;
let delta: number;
let zulu: number;
let strangerLock: number;
let wing: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerUid } = await loggedInClient(server, OWNER));
  ({ client: adminA, uid: aUid } = await loggedInClient(server, ADMIN_A));
  ({ client: adminB, uid: bUid } = await loggedInClient(server, ADMIN_B));
  guest = (await loggedInClient(server, GUEST)).client;
  stranger = (await loggedInClient(server, 'admins-stranger@example.com')).client;
  alpha = await addLock(owner, 'Alpha door');
  bravo = await addLock(owner, 'Bravo door');
  charlie = await addLock(owner, 'Charlie door');
  delta = await addLock(owner, 'Delta door');
  zulu = await addLock(adminA, 'Zulu (A’s own)');
  strangerLock = await addLock(stranger, 'Stranger door');
  const made = await owner.call(group.add, { groupName: 'Wing' });
  wing = dataOf(made).groupId;
  expect((await owner.call(group.setLocks, { groupId: wing, lockIdList: `${bravo},${charlie}` })).body.errorCode).toBe(
    0,
  );
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  expect(answered.body.errorCode, JSON.stringify(answered.body)).toBe(0);
  return dataOf(answered);
}

const lockList = (client: TestClient, type: number) =>
  ok(client.call(lock.list, { type, pageSize: 100 })).then((p) => p.list);
const adminLocks = (params: Record<string, string | number>) =>
  ok(owner.callRaw(admin.listLocks, { pageSize: 100, ...params }));
const admins = (params: Record<string, string | number> = {}) => ok(owner.call(admin.list, params));
const lockKeys = (lockId: number) => ok(owner.call(ekey.list, { lockId, pageSize: 100 })).then((p) => p.list);

describe('adding an authorized administrator', () => {
  it('authorizes by lockIds: an administrator eKey (keyRight 1) per lock', async () => {
    const added = await ok(owner.call(admin.add, { receiverUsername: ADMIN_A, lockIds: `${alpha}` }));
    expect(added).toEqual({ adminUid: aUid, count: 1 });
    const key = (await lockKeys(alpha)).find((k) => k.username === ADMIN_A);
    expect(key).toMatchObject({ keyRight: EKeyAuthorized.yes, validityType: ValidityType.permanent });
    expect(key?.keyStatus).toBe(EKeyStatus.normal);
  });

  it('authorizes by group; locks already authorized are not counted again', async () => {
    const byGroup = await ok(owner.call(admin.add, { receiverUsername: ADMIN_A, groupIds: `${wing}` }));
    expect(byGroup.count).toBe(2);
    const again = await ok(owner.call(admin.add, { receiverUsername: ADMIN_A, lockIds: `${alpha},${bravo}` }));
    expect(again.count).toBe(0);
  });

  it('upgrades a live ordinary eKey to an administrator key, with the validity given', async () => {
    const sent = await ok(
      owner.call(ekey.send, { lockId: delta, receiverUsername: ADMIN_B, validityType: ValidityType.permanent }),
    );
    const start = Date.now() - HOUR;
    const end = Date.now() + 48 * HOUR;
    const added = await ok(
      owner.call(admin.add, {
        receiverUsername: ADMIN_B,
        groupIds: `${GroupId.ungrouped}`,
        lockIds: `${delta}`,
        validityType: ValidityType.limited,
        startDate: start,
        endDate: end,
      }),
    );
    // Ungrouped: Alpha and Delta; Delta's key is upgraded, Alpha gets a new one.
    expect(added).toEqual({ adminUid: bUid, count: 2 });
    const upgraded = (await lockKeys(delta)).find((k) => k.keyId === sent.keyId);
    expect(upgraded).toMatchObject({ keyRight: EKeyAuthorized.yes, validityType: ValidityType.limited, endDate: end });
    expect(upgraded?.keyStatus).toBe(EKeyStatus.normal);
    expect((await lockKeys(delta)).filter((k) => k.username === ADMIN_B)).toHaveLength(1);
    expect((await lockList(adminB, LockQueryType.authorizedAdmin)).map((l) => l.lockId).sort()).toEqual(
      [alpha, delta].sort(),
    );
  });

  it('refuses an unregistered account, oneself, no selection, and locks that are not the caller’s', async () => {
    const call = (params: Record<string, string | number>) =>
      owner.callRaw(admin.add, params).then((r) => r.body.errorCode);
    expect(await call({ receiverUsername: 'nobody-here@example.com', lockIds: `${alpha}` })).toBe(
      ERRORS.accountNotRegistered.code,
    );
    expect(await call({ receiverUsername: OWNER, lockIds: `${alpha}` })).toBe(ERRORS.sameAsCurrentAccount.code);
    expect(await call({ receiverUsername: GUEST })).toBe(ERRORS.selectAtLeastOneLock.code);
    expect(await call({ receiverUsername: GUEST, lockIds: `${alpha},${strangerLock}` })).toBe(ERRORS.noPermission.code);
    expect(await call({ receiverUsername: GUEST, groupIds: '999999' })).toBe(ERRORS.noPermission.code);
    // Nothing was sent to the guest.
    const [guestRow] = await db().select().from(users).where(eq(users.email, GUEST));
    expect(
      await db()
        .select()
        .from(ekeys)
        .where(eq(ekeys.recipientId, guestRow?.id ?? 0)),
    ).toEqual([]);
  });
});

describe('listing administrators and their locks', () => {
  it('lists administrators with their lock count and first authorization, searchable and paged', async () => {
    const all = await admins();
    expect(all.total).toBe(2);
    expect(all.list.map((a) => [a.account, a.lockCount])).toEqual([
      [ADMIN_B, 2],
      [ADMIN_A, 3],
    ]);
    expect(all.list[1]?.createDate).toBeLessThanOrEqual(all.list[0]?.createDate ?? 0);
    expect((await admins({ searchStr: 'admins-a' })).list.map((a) => a.adminUid)).toEqual([aUid]);
    const paged = await admins({ pageSize: 1, pageNo: 2 });
    expect(paged).toMatchObject({ total: 2, list: [{ adminUid: aUid }] });
  });

  it('lists the caller’s locks for one administrator by query type and group', async () => {
    const all = await adminLocks({ adminUid: aUid });
    expect(all.list.map((l) => [l.lockName, l.isAuthorized])).toEqual([
      ['Alpha door', LockAdminFlag.yes],
      ['Bravo door', LockAdminFlag.yes],
      ['Charlie door', LockAdminFlag.yes],
      ['Delta door', LockAdminFlag.no],
    ]);
    expect(all.list.find((l) => l.lockId === bravo)?.groupId).toBe(wing);
    expect(all.list.find((l) => l.lockId === delta)?.keyId).toBeNull();
    const alphaKey = (await lockKeys(alpha)).find((k) => k.username === ADMIN_A)?.keyId;
    expect(all.list[0]?.keyId).toBe(alphaKey);
    const names = async (params: Record<string, number>) =>
      (await adminLocks({ adminUid: aUid, ...params })).list.map((l) => l.lockName);
    expect(await names({ queryType: AdminGroupQuery.authorized })).toEqual([
      'Alpha door',
      'Bravo door',
      'Charlie door',
    ]);
    expect(await names({ queryType: AdminGroupQuery.notAuthorized })).toEqual(['Delta door']);
    expect(await names({ groupId: wing, queryType: AdminGroupQuery.authorized })).toEqual([
      'Bravo door',
      'Charlie door',
    ]);
    expect(await names({ groupId: GroupId.ungrouped })).toEqual(['Alpha door', 'Delta door']);
    const page = await adminLocks({ adminUid: aUid, pageSize: 3, pageNo: 2 });
    expect(page).toMatchObject({ total: 4, list: [{ lockName: 'Delta door' }] });
    expect((await owner.call(admin.listLocks, { adminUid: ownerUid })).body.errorCode).toBe(ERRORS.noPermission.code);
  });
});

describe('what an authorized administrator may do', () => {
  it('sees exactly the administered locks in the lock list, with their role', async () => {
    const all = await lockList(adminA, LockQueryType.all);
    expect(all.map((l) => l.lockName)).toEqual(['Alpha door', 'Bravo door', 'Charlie door', 'Zulu (A’s own)']);
    expect(all.map((l) => [l.role, l.isAdmin])).toEqual([
      [LockRole.authorizedAdmin, LockAdminFlag.yes],
      [LockRole.authorizedAdmin, LockAdminFlag.yes],
      [LockRole.authorizedAdmin, LockAdminFlag.yes],
      [LockRole.owner, LockAdminFlag.yes],
    ]);
    expect((await lockList(adminA, LockQueryType.authorizedAdmin)).map((l) => l.lockId)).toEqual([
      alpha,
      bravo,
      charlie,
    ]);
    expect((await lockList(adminA, LockQueryType.admin)).map((l) => l.lockId)).toEqual([zulu]);
    // The owner sees their own locks only as owner.
    expect((await lockList(owner, LockQueryType.authorizedAdmin)).length).toBe(0);
    expect((await lockList(owner, LockQueryType.all)).every((l) => l.role === LockRole.owner)).toBe(true);
  });

  it('renames and reads an administered lock, its records, and may start remote operations', async () => {
    expect((await adminA.call(lock.rename, { lockId: alpha, lockName: 'Alpha front' })).body.errorCode).toBe(0);
    const detail = await ok(adminA.call(lock.detail, { lockId: alpha }));
    expect(detail).toMatchObject({ lockName: 'Alpha front', role: LockRole.authorizedAdmin });
    expect((await adminA.call(lockRecord.list, { lockId: alpha })).body.errorCode).toBe(0);
    expect((await adminA.call(lock.getPassageModeConfig, { lockId: alpha })).body.errorCode).toBe(0);
    // Access passes; no gateway reaches the lock in this test.
    expect((await adminA.call(lock.queryState, { lockId: alpha })).body.errorCode).toBe(
      ERRORS.lockNotConnectedToGateway.code,
    );
    expect((await adminA.call(ekey.list, { lockId: alpha })).body.errorCode).toBe(0);
  });

  it('files administered locks into groups of their own', async () => {
    const mine = await ok(adminA.call(group.add, { groupName: 'Work' }));
    expect(
      (await adminA.call(group.setLocks, { groupId: mine.groupId, lockIdList: `${alpha},${zulu}` })).body.errorCode,
    ).toBe(0);
    const groups = await ok(adminA.call(group.list, {}));
    expect(groups).toMatchObject({ totalCount: 4, ungroupedCount: 2, list: [{ lockCount: 2 }] });
    // The owner's filing is untouched.
    expect((await adminLocks({ adminUid: aUid })).list.find((l) => l.lockId === alpha)?.groupId).toBe(
      GroupId.ungrouped,
    );
    expect((await adminA.call(group.setLocks, { groupId: mine.groupId, lockIdList: `${delta}` })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
  });

  it('lists owned and administered locks merged by name, page by page, in a group, ungrouped and by name', async () => {
    const mine = (await ok(adminA.call(group.list, {}))).list[0]?.groupId as number;
    const page = (params: Record<string, string | number>) =>
      ok(adminA.call(lock.list, params)).then((p) => ({ ids: p.list.map((l) => l.lockId), total: p.total }));
    // Alpha front, Bravo door, Charlie door administered; Zulu owned.
    expect(await page({ pageSize: 2 })).toEqual({ ids: [alpha, bravo], total: 4 });
    expect(await page({ pageSize: 2, pageNo: 2 })).toEqual({ ids: [charlie, zulu], total: 4 });
    expect(await page({ pageSize: 1, pageNo: 4 })).toEqual({ ids: [zulu], total: 4 });
    expect(await page({ groupId: mine })).toEqual({ ids: [alpha, zulu], total: 2 });
    expect(await page({ groupId: mine, type: LockQueryType.authorizedAdmin })).toEqual({ ids: [alpha], total: 1 });
    expect(await page({ groupId: GroupId.ungrouped })).toEqual({ ids: [bravo, charlie], total: 2 });
    expect(await page({ groupId: GroupId.ungrouped, type: LockQueryType.admin })).toEqual({ ids: [], total: 0 });
    expect(await page({ lockName: 'r' })).toEqual({ ids: [alpha, bravo, charlie], total: 3 });
    expect(await page({ lockName: 'u', groupId: mine })).toEqual({ ids: [zulu], total: 1 });
  });

  it('cannot transfer, batch unlock, or delete every eKey of an administered lock', async () => {
    const forTransfer = await ok(adminA.call(lock.listForTransfer, {}));
    expect(forTransfer.list.map((l) => l.lockId)).toEqual([zulu]);
    const transfer = await adminA.call(lock.transfer, {
      lockIdList: `${alpha}`,
      receiverUsername: GUEST,
      password: 'Harbour#2026',
      validationCode: '123456',
    });
    expect(transfer.body.errorCode).toBe(ERRORS.noPermission.code);
    await setVipStatus(db(), aUid, VipStatus.trial);
    expect((await adminA.call(lock.batchUnlock, { lockIdList: `${alpha}` })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect((await adminA.call(ekey.deleteAll, { lockId: alpha })).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await adminA.call(ekey.reset, { lockId: alpha })).body.errorCode).toBe(ERRORS.noPermission.code);
    // An administrator cannot make administrators.
    expect((await adminA.call(admin.add, { receiverUsername: GUEST, lockIds: `${alpha}` })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
  });
});

describe('taking locks away', () => {
  it('deauthorizes: the admin key goes with the keys the administrator sent, and access ends', async () => {
    const guestKey = await ok(
      adminA.call(ekey.send, { lockId: alpha, receiverUsername: GUEST, validityType: ValidityType.permanent }),
    );
    const link = await ok(adminA.call(lock.createUnlockLink, { lockId: alpha, validMinutes: 5 }));
    const taken = await ok(owner.call(admin.deauthorize, { adminUid: aUid, lockIds: `${alpha},${delta}` }));
    expect(taken.count).toBe(1);
    const keys = await lockKeys(alpha);
    expect(keys.find((k) => k.keyId === guestKey.keyId)?.keyStatus).toBe(EKeyStatus.deleting);
    expect(keys.find((k) => k.username === ADMIN_A)?.keyStatus).toBe(EKeyStatus.deleting);
    for (const call of [lock.detail, lock.queryState, lockRecord.list, ekey.list]) {
      expect((await adminA.call(call, { lockId: alpha })).body.errorCode, call.path).toBe(ERRORS.noPermission.code);
    }
    expect((await adminA.call(lock.rename, { lockId: alpha, lockName: 'Gone' })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect((await lockList(adminA, LockQueryType.authorizedAdmin)).map((l) => l.lockId)).toEqual([bravo, charlie]);
    // Their link no longer opens the lock; their group no longer counts the lock.
    expect((await guest.call(lock.unlockByLink, { token: link.token })).body.errorCode).toBe(
      ERRORS.unlockLinkInvalid.code,
    );
    const groups = await ok(adminA.call(group.list, {}));
    expect(groups).toMatchObject({ totalCount: 3, list: [{ lockCount: 1 }] });
    expect((await adminLocks({ adminUid: aUid, queryType: AdminGroupQuery.authorized })).total).toBe(2);
  });

  it('authorizes an existing administrator again, with a validity', async () => {
    const count = await ok(
      owner.call(admin.authorize, {
        adminUid: aUid,
        lockIds: `${alpha},${bravo}`,
        validityType: ValidityType.limited,
        startDate: Date.now() - HOUR,
        endDate: Date.now() + HOUR,
      }),
    );
    expect(count.count).toBe(1);
    expect((await adminA.call(lock.detail, { lockId: alpha })).body.errorCode).toBe(0);
    const bad = await owner.call(admin.authorize, {
      adminUid: aUid,
      lockIds: `${delta}`,
      validityType: ValidityType.limited,
      startDate: Date.now() + HOUR,
      endDate: Date.now(),
    });
    expect(bad.body.errorCode).not.toBe(0);
    expect((await adminLocks({ adminUid: aUid, queryType: AdminGroupQuery.authorized })).total).toBe(3);
  });

  it('an administrator whose key is not valid yet manages nothing', async () => {
    await db()
      .update(ekeys)
      .set({ startDate: new Date(Date.now() + HOUR), endDate: new Date(Date.now() + 2 * HOUR) })
      .where(and(eq(ekeys.lockId, alpha), eq(ekeys.recipientId, aUid)));
    expect((await adminA.call(lock.detail, { lockId: alpha })).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await lockList(adminA, LockQueryType.authorizedAdmin)).map((l) => l.lockId)).toEqual([bravo, charlie]);
  });

  it('removes an administrator from every lock, with the keys they sent', async () => {
    const sent = await ok(
      adminA.call(ekey.send, { lockId: bravo, receiverUsername: GUEST, validityType: ValidityType.permanent }),
    );
    const removed = await ok(owner.call(admin.remove, { adminUid: aUid }));
    expect(removed.count).toBe(3);
    expect((await lockKeys(bravo)).find((k) => k.keyId === sent.keyId)?.keyStatus).toBe(EKeyStatus.deleting);
    expect(await lockList(adminA, LockQueryType.authorizedAdmin)).toEqual([]);
    expect((await lockList(adminA, LockQueryType.all)).map((l) => l.lockId)).toEqual([zulu]);
    expect((await admins()).list.map((a) => a.adminUid)).toEqual([bUid]);
    // Removing again changes nothing.
    expect((await ok(owner.call(admin.remove, { adminUid: aUid }))).count).toBe(0);
  });
});

describe('a stranger', () => {
  it('gets no permission on every /admin call with another owner’s administrator or locks', async () => {
    const empty = await ok(stranger.call(admin.list, {}));
    expect(empty.total).toBe(0);
    const refused: [CallDefinition, Record<string, string | number>][] = [
      [admin.add, { receiverUsername: GUEST, lockIds: `${bravo}` }],
      [admin.add, { receiverUsername: ADMIN_B, groupIds: `${wing}` }],
      [admin.listLocks, { adminUid: bUid }],
      [admin.authorize, { adminUid: bUid, lockIds: `${bravo}` }],
      [admin.authorize, { adminUid: bUid, lockIds: `${strangerLock}` }],
      [admin.deauthorize, { adminUid: bUid, lockIds: `${delta}` }],
      [admin.remove, { adminUid: bUid }],
    ];
    for (const [call, params] of refused) {
      expect((await stranger.call(call, params)).body.errorCode, call.path).toBe(ERRORS.noPermission.code);
    }
    // The owner's administrator is untouched.
    expect((await lockList(adminB, LockQueryType.authorizedAdmin)).map((l) => l.lockId).sort()).toEqual(
      [alpha, delta].sort(),
    );
    expect((await stranger.call(lock.detail, { lockId: delta })).body.errorCode).toBe(ERRORS.noPermission.code);
  });
});

describe('administrators’ keys are the owner’s to decide', () => {
  it('an administrator cannot thaw, freeze, shorten, edit or delete another administrator’s key', async () => {
    const echo = await addLock(owner, 'Echo door');
    await ok(owner.call(admin.add, { receiverUsername: ADMIN_A, lockIds: `${echo}` }));
    await ok(owner.call(admin.add, { receiverUsername: ADMIN_B, lockIds: `${echo}` }));
    const [bKey] = await db()
      .select()
      .from(ekeys)
      .where(and(eq(ekeys.lockId, echo), eq(ekeys.recipientId, bUid), eq(ekeys.keyRight, EKeyAuthorized.yes)));
    const keyId = bKey?.id as number;
    // The owner freezes B's key; A tries to overrule the owner in every way.
    await ok(owner.call(ekey.freeze, { keyId }));
    const frozen = (await db().select().from(ekeys).where(eq(ekeys.id, keyId)))[0];
    const soon = Date.now() + 60_000;
    const attempts: [CallDefinition, Record<string, string | number>][] = [
      [ekey.unfreeze, { keyId }],
      [ekey.freeze, { keyId }],
      [ekey.changePeriod, { keyId, validityType: ValidityType.limited, startDate: Date.now() - HOUR, endDate: soon }],
      [ekey.update, { keyId, keyName: 'Overruled' }],
      [ekey.remove, { keyId }],
    ];
    for (const [call, params] of attempts) {
      expect((await adminA.call(call, params)).body.errorCode, call.path).toBe(ERRORS.noPermission.code);
    }
    expect((await db().select().from(ekeys).where(eq(ekeys.id, keyId)))[0]).toEqual(frozen);
    // Nor their own: an administrator's key changes only by the owner.
    const [aKey] = await db()
      .select()
      .from(ekeys)
      .where(and(eq(ekeys.lockId, echo), eq(ekeys.recipientId, aUid), eq(ekeys.keyRight, EKeyAuthorized.yes)));
    expect((await adminA.call(ekey.update, { keyId: aKey?.id as number, keyName: 'Mine' })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    // The owner still decides.
    await ok(owner.call(ekey.unfreeze, { keyId }));
  });
});
