import {
  access,
  CredentialKind,
  EKeyAuthorized,
  ekey,
  PasscodeType,
  passcode,
  type ReviewItem,
  ReviewReason,
  ValidityType,
} from '@smartlock/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, lockRecords, passcodes, sessions } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, type Reply, startTestServer, type TestClient, type TestServer } from '../../test/harness';

const DAY = 86_400_000;
const ADMIN = 'review-admin@example.com';
const NEWCOMER = 'review-never-registered@example.com';

let server: TestServer;
let owner: TestClient;
let stranger: TestClient;
let lockId: number;
let adminUid: number;
let unusedCode: number;
let usedCode: number;
let adminKey: number;
let newcomerKey: number;

const db = () => server.app.services.database.db;

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  expect(answered.body.errorCode, JSON.stringify(answered.body)).toBe(0);
  return dataOf(answered);
}

const ids = (list: ReviewItem[]) => list.map((item) => `${item.kind}:${item.credentialId}`);
const permanentCode = async (name: string) =>
  (await ok(owner.call(passcode.get, { lockId, keyboardPwdType: PasscodeType.permanent, keyboardPwdName: name })))
    .keyboardPwdId;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, 'review-owner@example.com')).client;
  stranger = (await loggedInClient(server, 'review-stranger@example.com')).client;
  const admin = await loggedInClient(server, ADMIN);
  adminUid = admin.uid;
  lockId = await addLock(owner, 'Review door');
  unusedCode = await permanentCode('Old cleaner');
  usedCode = await permanentCode('Night guard');
  const grant = { lockId, createUser: 1, validityType: ValidityType.permanent };
  adminKey = (await ok(owner.call(ekey.send, { ...grant, receiverUsername: ADMIN, keyRight: EKeyAuthorized.yes })))
    .keyId;
  newcomerKey = (await ok(owner.call(ekey.send, { ...grant, receiverUsername: NEWCOMER }))).keyId;
  // Everything was issued 100 days ago; the guard's code opened the door a minute ago; the
  // administrator last logged in 200 days ago.
  const longAgo = new Date(Date.now() - 100 * DAY);
  await db().update(passcodes).set({ createdAt: longAgo }).where(eq(passcodes.lockId, lockId));
  await db().update(ekeys).set({ createdAt: longAgo }).where(eq(ekeys.lockId, lockId));
  await db()
    .insert(lockRecords)
    .values({
      lockId,
      deviceRecordId: 'review-1',
      recordType: 4,
      success: 1,
      lockDate: new Date(Date.now() - 60_000),
      credentialKind: CredentialKind.passcode,
      credentialId: usedCode,
    });
  await db()
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 200 * DAY) })
    .where(eq(sessions.userId, adminUid));
}, 60_000);
afterAll(async () => server?.close());

describe('access review', () => {
  it('lists a permanent passcode unused for 90 days, and not one used since', async () => {
    const unused = await ok(owner.call(access.reviewUnused, {}));
    expect(ids(unused.list)).toContain(`passcode:${unusedCode}`);
    expect(ids(unused.list)).not.toContain(`passcode:${usedCode}`);
    const item = unused.list.find((found) => found.credentialId === unusedCode);
    expect(item).toMatchObject({ lockId, lastUsedAt: null, userName: 'Old cleaner' });
    // Asked about 101 days, nothing was issued that long ago.
    expect((await ok(owner.call(access.reviewUnused, { days: 101 }))).total).toBe(0);
    expect((await owner.call(access.reviewUnused, { days: 0 })).body.errorCode).not.toBe(0);
  });

  it('lists an eKey waiting for an account never registered', async () => {
    const gone = await ok(owner.call(access.reviewGone, {}));
    expect(gone.list.map((item) => [item.credentialId, item.reason])).toEqual([
      [newcomerKey, ReviewReason.unregistered],
    ]);
  });

  it('lists an administrator who has not logged in for 90 days, with their last login', async () => {
    const idle = await ok(owner.call(access.reviewAdmins, { days: 90 }));
    expect(idle.list.map((item) => item.credentialId)).toEqual([adminKey]);
    expect(idle.list[0]?.lastLoginAt).toBeLessThan(Date.now() - 199 * DAY);
    expect((await ok(owner.call(access.reviewAdmins, { days: 365 }))).total).toBe(0);
  });

  it("a stranger's review holds nothing of the owner's locks", async () => {
    for (const call of [access.reviewUnused, access.reviewGone, access.reviewAdmins]) {
      expect((await ok(stranger.call(call, {}))).total).toBe(0);
    }
  });

  it('revoking from the review goes through the credential’s own call and leaves the list', async () => {
    for (const keyId of [newcomerKey, adminKey]) await ok(owner.call(ekey.remove, { keyId }));
    expect((await ok(owner.call(access.reviewGone, {}))).total).toBe(0);
    expect((await ok(owner.call(access.reviewAdmins, {}))).total).toBe(0);
    const unused = await ok(owner.call(access.reviewUnused, {}));
    expect(ids(unused.list)).not.toContain(`ekey:${adminKey}`);
    const left = await db()
      .select({ status: ekeys.status })
      .from(ekeys)
      .where(inArray(ekeys.id, [adminKey]));
    expect(left).toHaveLength(1);
  });
});
