import { apiKey, audit, ERRORS, ekey, lock, openApi, user } from '@smartlock/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, ekeys } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, type Reply, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { preparedTransfer } from '../../test/transfers';
import { auth, passwordToken, ttlock } from '../../test/ttlockClient';
import { REDACTED } from './auditCalls';
import { auditCheck } from './auditCheck';

let server: TestServer;
let owner: TestClient;
let admin: TestClient;
let stranger: TestClient;
let ownerId: number;
let adminId: number;
let strangerId: number;
let front: number;

const db = () => server.app.services.database.db;
const trail = () => server.app.services.auditTrail;

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  expect(answered.body.errorCode, JSON.stringify(answered.body)).toBe(0);
  return dataOf(answered);
}

/** An account's entries as stored, in chain order. */
const chainOf = (accountId: number) =>
  db().select().from(auditEntries).where(eq(auditEntries.accountId, accountId)).orderBy(asc(auditEntries.seq));
const listOf = (client: TestClient, params: Parameters<typeof audit.list.params.parse>[0] = {}) =>
  ok(client.call(audit.list, { pageSize: 200, ...(params as object) }));

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerId } = await loggedInClient(server, 'audit-owner@example.com'));
  ({ client: admin, uid: adminId } = await loggedInClient(server, 'audit-admin@example.com'));
  ({ client: stranger, uid: strangerId } = await loggedInClient(server, 'audit-stranger@example.com'));
  front = await addLock(owner, 'Front door');
  // The administrator holds an administrator eKey (keyRight 1) of the front door.
  await db().insert(ekeys).values({
    lockId: front,
    senderId: ownerId,
    recipientId: adminId,
    recipientAccount: 'audit-admin@example.com',
    validityType: 1,
    status: '110401',
    keyRight: 1,
  });
}, 60_000);
afterAll(async () => server?.close());

describe('recording', () => {
  it('a lock rename writes an entry with before and after, the actor, session, address and agent', async () => {
    await ok(owner.call(lock.rename, { lockId: front, lockName: 'Porch' }));
    const entry = (await chainOf(ownerId)).at(-1);
    expect(entry).toMatchObject({
      accountId: ownerId,
      actorUserId: ownerId,
      actorKind: 'session',
      sessionId: expect.any(Number),
      ip: owner.ip,
      path: '/lock/rename',
      lockId: front,
      target: { lockId: front },
      params: { lockId: front, lockName: 'Porch' },
      before: { name: 'Front door' },
      after: { name: 'Porch' },
    });
    const listed = await listOf(owner, { lockId: front });
    expect(listed.list[0]).toMatchObject({
      path: '/lock/rename',
      actorAccount: 'audit-owner@example.com',
      lockAlias: 'Porch',
    });
  });

  it('registration and login are on the account’s own trail, passwords and codes redacted; reads are not recorded', async () => {
    const entries = await chainOf(strangerId);
    expect(entries.map((e) => e.path)).toEqual(['/user/register', '/user/login']);
    expect(entries[0]?.params).toMatchObject({ password: REDACTED, validationCode: REDACTED });
    expect(entries[1]).toMatchObject({ actorUserId: strangerId, params: { password: REDACTED } });
    await ok(stranger.call(lock.list, {}));
    await ok(stranger.call(audit.list, {}));
    expect(await chainOf(strangerId)).toHaveLength(2);
  });

  it('a refused change leaves no entry', async () => {
    const before = (await chainOf(ownerId)).length;
    const refused = await stranger.call(lock.rename, { lockId: front, lockName: 'Mine now' });
    expect(refused.body.errorCode).not.toBe(0);
    expect(await chainOf(ownerId)).toHaveLength(before);
    expect(await chainOf(strangerId)).toHaveLength(2);
  });

  it('an administrator’s change goes on the owner’s trail, naming the administrator', async () => {
    await ok(admin.call(lock.rename, { lockId: front, lockName: 'Porch (admin)' }));
    expect((await chainOf(ownerId)).at(-1)).toMatchObject({
      accountId: ownerId,
      actorUserId: adminId,
      ip: admin.ip,
      before: { name: 'Porch' },
      after: { name: 'Porch (admin)' },
    });
  });

  it('a call through the TTLock-compatible open API is recorded as the open API client’s', async () => {
    const credentials = await ok(owner.call(openApi.rotateClientSecret, {}));
    const token = await passwordToken(server.app, credentials, 'audit-owner@example.com');
    const sent = await ttlock(server.app, '/v3/key/send', {
      form: {
        ...auth(credentials.clientId, token.access_token),
        lockId: front,
        receiverUsername: 'audit-stranger@example.com',
        keyName: 'Tenant',
        startDate: 0,
        endDate: 0,
      },
    });
    expect(sent.body).toEqual({ keyId: expect.any(Number) });
    expect((await chainOf(ownerId)).at(-1)).toMatchObject({
      path: '/ekey/send',
      actorKind: 'openApi',
      actorUserId: ownerId,
      sessionId: null,
      appId: `openapi:${credentials.clientId}`,
      lockId: front,
    });
  });

  it('a call made with an API key is recorded as the key’s, with its id', async () => {
    const key = await ok(owner.call(apiKey.create, { name: 'Automation', scopes: 'locks' }));
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/lock/rename',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ lockId: String(front), lockName: 'Porch (key)' }).toString(),
    });
    expect(response.json().errorCode, response.body).toBe(0);
    expect((await chainOf(ownerId)).at(-1)).toMatchObject({
      path: '/lock/rename',
      actorKind: 'apiKey',
      apiKeyId: key.apiKeyId,
      actorUserId: ownerId,
      sessionId: null,
      before: { name: 'Porch (admin)' },
      after: { name: 'Porch (key)' },
    });
  });

  it('an eKey validity change keeps the validity before and after', async () => {
    const [key] = await db()
      .select()
      .from(ekeys)
      .where(and(eq(ekeys.lockId, front), eq(ekeys.recipientAccount, 'audit-stranger@example.com')));
    const startDate = Date.UTC(2027, 0, 1);
    const endDate = Date.UTC(2027, 1, 1);
    await ok(owner.call(ekey.changePeriod, { keyId: key?.id as number, validityType: 2, startDate, endDate }));
    expect((await chainOf(ownerId)).at(-1)).toMatchObject({
      path: '/ekey/changePeriod',
      lockId: front,
      target: { keyId: key?.id },
      before: { validityType: 1, startDate: null, endDate: null },
      after: { validityType: 2, startDate, endDate },
    });
  });

  it('a lock transfer’s entry is written in the transfer’s own transaction, on the giver’s trail', async () => {
    const { client, giverId, lockIds, params } = await preparedTransfer(
      server,
      'audit-giver@example.com',
      'audit-stranger@example.com',
      2,
    );
    await ok(client.call(lock.transfer, params));
    expect((await chainOf(giverId)).at(-1)).toMatchObject({
      path: '/lock/transfer',
      actorUserId: giverId,
      target: { lockIdList: lockIds, receiverUsername: 'audit-stranger@example.com' },
      params: { password: REDACTED, validationCode: REDACTED },
      before: { ownerId: giverId },
      after: { ownerId: strangerId },
    });
    // Appended once: by the transaction, not again after it.
    expect((await chainOf(giverId)).filter((e) => e.path === '/lock/transfer')).toHaveLength(1);
    expect((await trail().verify(giverId)).ok).toBe(true);
  });
});

describe('who sees what', () => {
  it('the owner sees the lock’s trail, whoever acted', async () => {
    const actors = new Set((await listOf(owner, { lockId: front })).list.map((e) => e.actorUserId));
    expect(actors).toEqual(new Set([ownerId, adminId]));
  });

  it('an administrator sees only their own actions, not the owner’s', async () => {
    const seen = (await listOf(admin)).list;
    expect(seen.filter((e) => e.accountId === ownerId).map((e) => e.after)).toEqual([{ name: 'Porch (admin)' }]);
    expect(seen.every((e) => e.actorUserId === adminId)).toBe(true);
  });

  it('a stranger never sees another account’s entries, even by naming the lock or the actor', async () => {
    const named = await stranger.call(audit.list, { lockId: front });
    expect(named.body).toMatchObject({ errorCode: ERRORS.noPermission.code, data: null });
    expect((await listOf(stranger, { actor: 'audit-owner' })).total).toBe(0);
    expect((await listOf(stranger)).list.every((e) => e.accountId === strangerId)).toBe(true);
  });

  it('filters by actor and date range', async () => {
    const byAdmin = await listOf(owner, { actor: 'audit-admin' });
    expect(byAdmin.list.map((e) => e.actorUserId)).toEqual(byAdmin.list.map(() => adminId));
    expect(byAdmin.total).toBeGreaterThan(0);
    const future = await listOf(owner, { startDate: Date.now() + 86_400_000 });
    expect(future.total).toBe(0);
  });
});

describe('the hash chain', () => {
  it('appends made at once on one account get contiguous seqs and verify', async () => {
    const { client, uid } = await loggedInClient(server, 'audit-busy@example.com');
    const lockId = await addLock(client, 'Busy door');
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => ok(client.call(lock.rename, { lockId, lockName: `Door ${i}` }))),
    );
    const chain = await chainOf(uid);
    // The lock's registration names the lock it made.
    expect(chain[2]).toMatchObject({ path: '/lock/initialize', lockId });
    const seqs = chain.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(seqs.length).toBe(33);
    const printed: string[] = [];
    expect(await auditCheck(db(), uid, (line) => printed.push(line))).toBe(0);
    expect(printed).toEqual([
      expect.stringMatching(new RegExp(`^account ${uid}: ok, 33 entries verified up to #33, head hash [0-9a-f]{64}$`)),
      '1 account(s) checked, 0 broken',
    ]);
    const verdict = await ok(client.call(audit.verify, {}));
    expect(verdict).toMatchObject({ ok: true, checked: 33, verifiedSeq: 33, headSeq: 33, brokenSeq: null });
  });

  it('an entry edited in the database is found at exactly its seq', async () => {
    const { client, uid } = await loggedInClient(server, 'audit-edited@example.com');
    const lockId = await addLock(client, 'Edited door');
    for (const name of ['One', 'Two', 'Three']) await ok(client.call(lock.rename, { lockId, lockName: name }));
    expect((await trail().verify(uid)).ok).toBe(true);
    await db()
      .update(auditEntries)
      .set({ ip: '203.0.113.66' })
      .where(and(eq(auditEntries.accountId, uid), eq(auditEntries.seq, 4)));
    expect(await trail().verify(uid)).toMatchObject({ ok: false, brokenSeq: 4, reason: 'altered', verifiedSeq: 3 });
    expect(await ok(client.call(audit.verify, {}))).toMatchObject({ ok: false, brokenSeq: 4 });
    // The command-line check says so and fails.
    const printed: string[] = [];
    expect(await auditCheck(db(), uid, (line) => printed.push(line))).toBe(1);
    expect(printed[0]).toBe(`account ${uid}: BROKEN at #4 (altered); verified up to #3, head #6`);
  });

  it('an entry deleted from the database is found at exactly its seq: the last one, then one in the middle', async () => {
    const { client, uid } = await loggedInClient(server, 'audit-deleted@example.com');
    const lockId = await addLock(client, 'Deleted door');
    for (const name of ['One', 'Two', 'Three']) await ok(client.call(lock.rename, { lockId, lockName: name }));
    await db()
      .delete(auditEntries)
      .where(and(eq(auditEntries.accountId, uid), eq(auditEntries.seq, 6)));
    expect(await trail().verify(uid)).toMatchObject({ ok: false, brokenSeq: 6, reason: 'missing' });
    await db()
      .delete(auditEntries)
      .where(and(eq(auditEntries.accountId, uid), eq(auditEntries.seq, 5)));
    expect(await trail().verify(uid)).toMatchObject({ ok: false, brokenSeq: 5, reason: 'missing' });
  });

  it('retention removes the oldest entries and leaves an anchor the rest verifies from', async () => {
    const { client, uid } = await loggedInClient(server, 'audit-old@example.com');
    const lockId = await addLock(client, 'Old door');
    await ok(client.call(lock.rename, { lockId, lockName: 'Later' }));
    const third = (await chainOf(uid))[2];
    for (const name of ['Four', 'Five']) await ok(client.call(lock.rename, { lockId, lockName: name }));
    // As if 730 days had passed since just after the third entry: the first three go.
    const removed = await trail().prune(730, (third?.at as number) + 1 + 730 * 86_400_000);
    expect(removed).toBeGreaterThanOrEqual(3);
    const kept = await chainOf(uid);
    expect(kept[0]?.seq).toBe(4);
    expect(await trail().verify(uid)).toMatchObject({ ok: true, anchorSeq: 3, verifiedSeq: 6, checked: 3 });
    // An entry edited after pruning is still found.
    await db()
      .update(auditEntries)
      .set({ after: { name: 'Forged' } })
      .where(and(eq(auditEntries.accountId, uid), eq(auditEntries.seq, 5)));
    expect(await trail().verify(uid)).toMatchObject({ ok: false, brokenSeq: 5, reason: 'altered' });
  });

  it('logout is recorded as the session’s last act', async () => {
    const { client, uid } = await loggedInClient(server, 'audit-leaving@example.com');
    await ok(client.call(user.logout, {}));
    expect((await chainOf(uid)).map((e) => e.path)).toEqual(['/user/register', '/user/login', '/user/logout']);
  });
});
