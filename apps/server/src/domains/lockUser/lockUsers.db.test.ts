import {
  CardStatus,
  EKeyAuthorized,
  EKeyStatus,
  ERRORS,
  ekey,
  type LockUserItem,
  lockCredential,
  lockUser,
  PasscodeStatus,
  PasscodeType,
  passcode,
  RemoteOperationState,
  ValidityType,
  VipStatus,
} from '@smartlock/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, lockCredentials, passcodes, users } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type Reply, type TestClient } from '../../test/harness';
import { operationEnd } from '../../test/operations';
import { setVipStatus } from '../../test/vip';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const OWNER = 'lock-users-owner@example.com';
const ALICE = 'lock-users-alice@example.com';
const BOB = 'lock-users-bob@example.com';
const CAROL = 'lock-users-carol@example.com';
const DAVE = 'lock-users-dave@example.com';

let setup: FleetServer;
let owner: TestClient;
let bob: TestClient;
let dave: TestClient;
let stranger: TestClient;
let ownerId: number;
let doors: FleetLock[];
let lonely: number;
let strangerLock: number;
let aliceLimitedKey: number;

const db = () => setup.server.app.services.database.db;
const at = (index: number) => (doors[index] as FleetLock).lockId;

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  expect(answered.body.errorCode, JSON.stringify(answered.body)).toBe(0);
  return dataOf(answered);
}

/** The next whole hour plus `hours`, as the validity rules want. */
const wholeHour = (hours: number) => Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR;

const sendKey = (client: TestClient, lockId: number, to: string, extra: Record<string, string | number> = {}) =>
  ok(
    client.call(ekey.send, {
      lockId,
      receiverUsername: to,
      createUser: 1,
      validityType: ValidityType.permanent,
      ...extra,
    }),
  );

/** An offline passcode (no gateway needed to issue it). */
const namedPasscode = (lockId: number, name: string) =>
  ok(owner.call(passcode.get, { lockId, keyboardPwdType: PasscodeType.permanent, keyboardPwdName: name }));

async function people(client: TestClient, params: Record<string, string | number> = {}) {
  return ok(client.call(lockUser.listKeyUser, { pageSize: 50, ...params }));
}

beforeAll(async () => {
  setup = await startFleetServer(OWNER, { gateways: 1, locksPerGateway: 3, kinds: 'door' });
  owner = setup.client;
  doors = setup.gateways[0]?.locks ?? [];
  const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, OWNER));
  ownerId = account?.id as number;
  await loggedInClient(setup.server, ALICE);
  bob = (await loggedInClient(setup.server, BOB)).client;
  dave = (await loggedInClient(setup.server, DAVE)).client;
  stranger = (await loggedInClient(setup.server, 'lock-users-stranger@example.com')).client;
  lonely = await addLock(owner, 'A lonely door (no gateway)');
  strangerLock = await addLock(stranger, 'Stranger door');

  aliceLimitedKey = (
    await sendKey(owner, at(0), ALICE, {
      validityType: ValidityType.limited,
      startDate: wholeHour(0),
      endDate: wholeHour(72),
    })
  ).keyId;
  await sendKey(owner, at(1), ALICE);
  await sendKey(owner, at(0), BOB, { keyRight: EKeyAuthorized.yes });
  await sendKey(bob, at(0), CAROL);
  await sendKey(stranger, strangerLock, ALICE);
  // A card named after Alice's account joins her; the cleaner's passcodes are one person.
  const card = await ok(
    owner.call(lockCredential.card.add, {
      lockId: at(2),
      cardNumber: '70700001',
      name: 'Lock-Users-Alice@example.com ',
    }),
  );
  expect((await operationEnd(owner, card.operation.operationId)).state).toBe(RemoteOperationState.success);
  await namedPasscode(at(0), 'Cleaner');
  await namedPasscode(at(1), ' Cleaner ');
  await namedPasscode(lonely, 'CLEANER');
  await namedPasscode(at(2), '');
}, 120_000);
afterAll(async () => setup?.close());

describe('lock users of the locks I manage', () => {
  it('lists one row per person with their locks and credentials per kind, in name order', async () => {
    const page = await people(owner);
    expect(page.list.map((p) => p.lockUser)).toEqual(['cleaner', ALICE, BOB, CAROL]);
    const alice = page.list[1] as LockUserItem;
    expect(alice).toMatchObject({
      account: ALICE,
      isAdmin: false,
      lockCount: 3,
      credentialCount: 3,
      kinds: { ekey: 2, card: 1, passcode: 0 },
    });
    expect(alice.nextEndDate).toBe(wholeHour(72));
    expect(page.list[0]).toMatchObject({ name: 'Cleaner', account: null, lockCount: 3, kinds: { passcode: 3 } });
    expect(page.list[2]).toMatchObject({ isAdmin: true, kinds: { ekey: 1 } });
    expect(page.list[3]?.nextEndDate).toBeNull();
  });

  it('pages on the server and searches by account, nickname or name', async () => {
    const first = await people(owner, { pageSize: 3 });
    expect([first.total, first.pages, first.list.length]).toEqual([4, 2, 3]);
    const second = await people(owner, { pageSize: 3, pageNo: 2 });
    expect(second.list.map((p) => p.lockUser)).toEqual([CAROL]);
    // A page past the end is empty and still counts everyone, as a search's is.
    const beyond = await people(owner, { pageSize: 3, pageNo: 5 });
    expect([beyond.total, beyond.pages, beyond.list.length]).toEqual([4, 2, 0]);
    const searchedBeyond = await people(owner, { searchStr: 'CLEAN', pageNo: 3 });
    expect([searchedBeyond.total, searchedBeyond.list.length]).toEqual([1, 0]);
    expect((await people(owner, { searchStr: 'CLEAN' })).list.map((p) => p.lockUser)).toEqual(['cleaner']);
    expect((await people(owner, { searchStr: '%' })).total).toBe(0);
  });

  it("shows a person's credentials grouped by lock, only on locks the caller manages", async () => {
    const detail = await ok(owner.call(lockUser.listKeyGroup, { lockUser: ` ${ALICE.toUpperCase()} ` }));
    expect(detail.total).toBe(3);
    expect(detail.list.map((l) => l.lockId).sort()).toEqual([at(0), at(1), at(2)].sort());
    expect(detail.list.flatMap((l) => l.credentials.map((c) => c.kind)).sort()).toEqual(['card', 'ekey', 'ekey']);
    expect(detail.list.some((l) => l.lockId === strangerLock)).toBe(false);
    const strangers = await ok(stranger.call(lockUser.listKeyGroup, { lockUser: 'cleaner' }));
    expect(strangers.total).toBe(0);
  });

  it('an authorized administrator sees the lock users of the locks they administer, never themselves', async () => {
    const page = await people(bob);
    expect(page.list.map((p) => p.lockUser)).toEqual(['cleaner', ALICE, CAROL]);
    expect(page.list.every((p) => p.lockCount === 1)).toBe(true);
  });

  it("a stranger sees only their own locks' users", async () => {
    const page = await people(stranger);
    expect(page.list.map((p) => [p.lockUser, p.lockCount])).toEqual([[ALICE, 1]]);
  });

  it('lists the credentials ending inside a chosen window, soonest first', async () => {
    const now = Date.now();
    const soon = await ok(owner.call(lockUser.listExpireUser, { startDate: now, endDate: now + 4 * DAY }));
    expect(soon.list.map((c) => [c.credentialId, c.lockUser])).toEqual([[aliceLimitedKey, ALICE]]);
    const later = await ok(owner.call(lockUser.listExpireUser, { startDate: now + 4 * DAY, endDate: now + 30 * DAY }));
    expect(later.total).toBe(0);
    for (const bad of [
      { startDate: now, endDate: now },
      { startDate: now, endDate: now + 367 * DAY },
      { startDate: now },
    ]) {
      expect((await owner.callRaw(lockUser.listExpireUser, bad)).body.errorCode).toBe(ERRORS.badParameter.code);
    }
  });
});

describe('deleting a lock user', () => {
  it("deletes an administrator's keys with the keys they sent, in one go", async () => {
    const done = await ok(owner.call(lockUser.deleteKeyUser, { lockUser: BOB }));
    expect(done).toEqual({ ekeyCount: 2, keptAdminKeys: 0, credentials: [] });
    const left = await db()
      .select({ status: ekeys.status })
      .from(ekeys)
      .where(inArray(ekeys.recipientAccount, [BOB, CAROL]));
    expect(left.every((k) => k.status === EKeyStatus.deleting || k.status === EKeyStatus.deleted)).toBe(true);
    expect((await people(owner)).list.map((p) => p.lockUser)).toEqual(['cleaner', ALICE]);
  });

  it('deletes other credentials at their locks, and says which could not start', async () => {
    const done = await ok(owner.call(lockUser.deleteKeyUser, { lockUser: 'Cleaner' }));
    expect(done.ekeyCount).toBe(0);
    const byLock = new Map(done.credentials.map((c) => [c.lockId, c]));
    expect(byLock.get(lonely)?.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);
    for (const lockId of [at(0), at(1)]) {
      const started = byLock.get(lockId);
      expect(started?.errorCode).toBe(0);
      expect((await operationEnd(owner, started?.operationId as string)).state).toBe(RemoteOperationState.success);
    }
    const rows = await db().select({ lockId: passcodes.lockId, status: passcodes.status }).from(passcodes);
    const statusAt = (lockId: number) => rows.find((r) => r.lockId === lockId)?.status;
    expect([statusAt(at(0)), statusAt(at(1)), statusAt(lonely)]).toEqual([
      PasscodeStatus.deleted,
      PasscodeStatus.deleted,
      PasscodeStatus.normal,
    ]);
  });

  it("an administrator deletes a person's keys on the locks they administer and keeps other administrators' keys", async () => {
    await sendKey(owner, at(1), DAVE, { keyRight: EKeyAuthorized.yes });
    await sendKey(owner, at(1), 'lock-users-erin@example.com', { keyRight: EKeyAuthorized.yes });
    const kept = await ok(dave.call(lockUser.deleteKeyUser, { lockUser: 'lock-users-erin@example.com' }));
    expect(kept).toMatchObject({ ekeyCount: 0, keptAdminKeys: 1 });
    const aliceBefore = await db().select().from(ekeys).where(eq(ekeys.recipientAccount, ALICE));
    const deleted = await ok(dave.call(lockUser.deleteKeyUser, { lockUser: ALICE }));
    expect(deleted.ekeyCount).toBe(1);
    const aliceAfter = await db().select().from(ekeys).where(eq(ekeys.recipientAccount, ALICE));
    const changed = aliceAfter.filter((k) => aliceBefore.find((b) => b.id === k.id)?.status !== k.status);
    expect(changed.map((k) => k.lockId)).toEqual([at(1)]);
    const [card] = await db()
      .select()
      .from(lockCredentials)
      .where(eq(lockCredentials.lockId, at(2)));
    expect(card?.status).toBe(CardStatus.normal);
  });

  it('an administrator may not delete another administrator key through /ekey/delete either', async () => {
    const [erinKey] = await db().select().from(ekeys).where(eq(ekeys.recipientAccount, 'lock-users-erin@example.com'));
    const refused = await dave.call(ekey.remove, { keyId: erinKey?.id as number });
    expect(refused.body.errorCode).toBe(ERRORS.noPermission.code);
  });

  it('answers no permission for a person on nobody of my locks, and changes nothing', async () => {
    const before = await db().select({ id: ekeys.id, status: ekeys.status }).from(ekeys);
    expect((await stranger.call(lockUser.deleteKeyUser, { lockUser: CAROL })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect((await owner.call(lockUser.deleteKeyUser, { lockUser: 'nobody-at-all' })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect(await db().select({ id: ekeys.id, status: ekeys.status }).from(ekeys)).toEqual(before);
  });
});

describe('exporting lock users', () => {
  const setVip = (status: number) => setVipStatus(db(), ownerId, status);

  it('needs the advanced function', async () => {
    await setVip(VipStatus.notOpen);
    expect((await owner.call(lockUser.getExportUserNum, {})).body.errorCode).toBe(ERRORS.advancedFunctionRequired.code);
    expect((await owner.call(lockUser.exportUser, {})).body.errorCode).toBe(ERRORS.advancedFunctionRequired.code);
  });

  it('counts and pages the rows of the locks the owner owns, person then lock order', async () => {
    await setVip(VipStatus.trial);
    const counted = await ok(owner.call(lockUser.getExportUserNum, {}));
    const all = await ok(owner.call(lockUser.exportUser, { pageSize: 500 }));
    expect(all.total).toBe(counted.total);
    expect(new Set(all.list.map((r) => r.lockUser)).size).toBe(counted.userCount);
    const sorted = [...all.list].sort((a, b) => (a.lockUser < b.lockUser ? -1 : a.lockUser > b.lockUser ? 1 : 0));
    expect(all.list.map((r) => r.lockUser)).toEqual(sorted.map((r) => r.lockUser));
    const paged = [];
    for (let pageNo = 1; pageNo <= Math.ceil(counted.total / 2); pageNo += 1) {
      paged.push(...(await ok(owner.call(lockUser.exportUser, { pageNo, pageSize: 2 }))).list);
    }
    expect(paged).toEqual(all.list);
    const oneLock = await ok(owner.call(lockUser.exportUser, { lockIds: `${at(2)}` }));
    expect(oneLock.list.every((r) => r.lockId === at(2))).toBe(true);
  });

  it("refuses another account's locks and an administrator's administered locks", async () => {
    const [daveRow] = await db().select().from(users).where(eq(users.email, DAVE));
    await setVipStatus(db(), daveRow?.id as number, VipStatus.trial);
    expect((await owner.call(lockUser.exportUser, { lockIds: `${strangerLock}` })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect((await dave.call(lockUser.getExportUserNum, { lockIds: `${at(1)}` })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect(await ok(dave.call(lockUser.getExportUserNum, {}))).toEqual({ total: 0, userCount: 0 });
    expect((await owner.call(lockUser.exportUser, { pageSize: 501 })).body.errorCode).toBe(ERRORS.badParameter.code);
  });
});
