import { apiKey, EKeyStatus, ERRORS, ekey, lock, ValidityType } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, ekeys } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient, PASSWORD } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';

/**
 * API keys (docs/integrations.md): made in the console and shown once, kept hashed; a call with
 * `Authorization: Bearer slk_...` acts as the key's account within its scopes and locks, with the
 * rate in standard headers and the calls on the monthly meter.
 */

const CALLS_PER_MINUTE = 8;
let server: TestServer;
let owner: TestClient;
let stranger: TestClient;
let front: number;
let back: number;
let strangersLock: number;

beforeAll(async () => {
  server = await startTestServer({ API_KEY_CALLS_PER_MINUTE: CALLS_PER_MINUTE });
  ({ client: owner } = await loggedInClient(server, 'key-owner@example.com'));
  ({ client: stranger } = await loggedInClient(server, 'key-stranger@example.com'));
  front = await addLock(owner, 'Front door');
  back = await addLock(owner, 'Back door');
  strangersLock = await addLock(stranger, 'Their door');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A call with a key only: no session cookie, no app signature. */
async function withKey(secret: string, path: string, params: Record<string, string | number> = {}, method = 'GET') {
  const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const response = await server.app.inject({
    method: method as 'GET' | 'POST',
    url: `/api${path}${method === 'GET' && form ? `?${form}` : ''}`,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { payload: form } : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

async function created(params: { name: string; scopes: string; lockIds?: string }, client = owner) {
  return dataOf(await client.call(apiKey.create, params));
}

const listed = async (client = owner) => dataOf(await client.call(apiKey.list, {})).list;

describe('making a key', () => {
  it('gives the secret once and keeps only its SHA-256', async () => {
    const made = await created({ name: 'Home Assistant', scopes: 'read' });
    expect(made.secret).toMatch(/^slk_[A-Za-z0-9_-]{43}$/);
    const rows = await server.app.services.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.apiKeyId));
    expect(rows[0]?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(made.secret.slice(4));
    const shown = await listed();
    expect(JSON.stringify(shown)).not.toContain(made.secret.slice(10));
    expect(shown.find((key) => key.apiKeyId === made.apiKeyId)).toMatchObject({
      name: 'Home Assistant',
      prefix: made.secret.slice(0, 10),
      scopes: ['read'],
      locks: null,
      lastUsedAt: null,
      callsThisMonth: 0,
    });
  });

  it("refuses a lock the account does not manage as a stranger's, and bad scopes, changing nothing", async () => {
    const before = (await listed()).length;
    const foreign = await owner.call(apiKey.create, { name: 'x', scopes: 'read', lockIds: String(strangersLock) });
    expect(foreign.body.errorCode).toBe(ERRORS.noPermission.code);
    const missing = await owner.call(apiKey.create, { name: 'x', scopes: 'read', lockIds: '999999' });
    expect(missing.body).toEqual(foreign.body);
    expect((await owner.call(apiKey.create, { name: 'x', scopes: 'admin' })).body.errorCode).toBe(
      ERRORS.badParameter.code,
    );
    expect((await owner.call(apiKey.create, { name: 'x', scopes: '' })).body.errorCode).toBe(ERRORS.badParameter.code);
    expect((await listed()).length).toBe(before);
  });
});

describe('calling with a key', () => {
  it('acts as its account without a session or signature, and notes its last use and calls', async () => {
    const { apiKeyId, secret } = await created({ name: 'Reader', scopes: 'read' });
    const reply = await withKey(secret, lock.list.path);
    expect(reply.status).toBe(200);
    expect(reply.body.data.list.map((item: { lockId: number }) => item.lockId).sort()).toEqual([front, back].sort());
    const shown = (await listed()).find((key) => key.apiKeyId === apiKeyId);
    expect(shown?.lastUsedAt).toEqual(expect.any(Number));
    expect(shown?.callsThisMonth).toBe(1);
  });

  it('refuses a change to a read key, and any call to an unknown key', async () => {
    const { secret } = await created({ name: 'Reader 2', scopes: 'read' });
    const rename = await withKey(secret, lock.rename.path, { lockId: front, lockName: 'Renamed' }, 'POST');
    expect(rename.status).toBe(403);
    expect(rename.body.errorCode).toBe(ERRORS.apiKeyScope.code);
    const detail = dataOf(await owner.call(lock.detail, { lockId: front }));
    expect(detail.lockName).toBe('Front door');
    const unknown = await withKey(`slk_${'A'.repeat(43)}`, lock.list.path);
    expect(unknown.status).toBe(401);
    expect(unknown.body.errorCode).toBe(ERRORS.apiKeyInvalid.code);
  });

  it("answers another account's lock exactly as a stranger is answered", async () => {
    const { secret } = await created({ name: 'Locks', scopes: 'read,locks' });
    const asKey = await withKey(secret, lock.detail.path, { lockId: strangersLock });
    const asStranger = await owner.call(lock.detail, { lockId: strangersLock });
    expect(asKey.status).toBe(403);
    expect(asKey.body).toEqual(asStranger.body);
  });

  it('keeps to its lock subset, in the lock list and in a lock call', async () => {
    const { secret } = await created({ name: 'Front only', scopes: 'read,locks', lockIds: String(front) });
    const list = await withKey(secret, lock.list.path);
    expect(list.body.data.list.map((item: { lockId: number }) => item.lockId)).toEqual([front]);
    expect(list.body.data.total).toBe(1);
    const outside = await withKey(secret, lock.rename.path, { lockId: back, lockName: 'Hijacked' }, 'POST');
    const strangers = await stranger.call(lock.rename, { lockId: back, lockName: 'Hijacked' });
    expect(outside.body).toEqual(strangers.body);
    expect(dataOf(await owner.call(lock.detail, { lockId: back })).lockName).toBe('Back door');
    const inside = await withKey(secret, lock.rename.path, { lockId: front, lockName: 'Front gate' }, 'POST');
    expect(inside.body.errorCode).toBe(0);
    expect(dataOf(await owner.call(lock.detail, { lockId: front })).lockName).toBe('Front gate');
    const shown = (await listed()).find((key) => key.name === 'Front only');
    expect(shown?.locks).toEqual([{ lockId: front, lockName: 'Front gate' }]);
  });

  it('keeps to its lock subset in a call across the account: freezing every eKey sent freezes those of its locks only', async () => {
    const grant = { createUser: 1, validityType: ValidityType.permanent };
    const onFront = dataOf(await owner.call(ekey.send, { ...grant, lockId: front, receiverUsername: 'f@example.com' }));
    const onBack = dataOf(await owner.call(ekey.send, { ...grant, lockId: back, receiverUsername: 'b@example.com' }));
    const statusOf = async (keyId: number) =>
      (await server.app.services.database.db.select().from(ekeys).where(eq(ekeys.id, keyId)))[0]?.status;
    const { secret } = await created({ name: 'Front keys', scopes: 'credentials', lockIds: String(front) });
    const outside = await withKey(secret, ekey.freezeAll.path, { lockId: back }, 'POST');
    expect(outside.body.errorCode).toBe(ERRORS.noPermission.code);
    const all = await withKey(secret, ekey.freezeAll.path, {}, 'POST');
    expect(all.body.errorCode, JSON.stringify(all.body)).toBe(0);
    expect(all.body.data.count).toBe(1);
    expect(await statusOf(onFront.keyId)).toBe(EKeyStatus.frozen);
    expect(await statusOf(onBack.keyId)).not.toBe(EKeyStatus.frozen);
  });

  it('cannot manage keys or change the password, whatever its scopes', async () => {
    const { secret } = await created({ name: 'Everything', scopes: 'read,locks,credentials,remote' });
    for (const [path, params, method] of [
      [apiKey.list.path, {}, 'GET'],
      [apiKey.create.path, { name: 'more', scopes: 'read' }, 'POST'],
      ['/user/changePassword', { oldPassword: PASSWORD, newPassword: 'Another#2026' }, 'POST'],
      ['/user/getInfo', {}, 'GET'],
    ] as const) {
      const reply = await withKey(secret, path, params, method);
      expect(reply.body.errorCode, path).toBe(ERRORS.apiKeyScope.code);
    }
  });

  it('is refused once revoked', async () => {
    const { apiKeyId, secret } = await created({ name: 'Short-lived', scopes: 'read' });
    expect((await withKey(secret, lock.list.path)).status).toBe(200);
    expect(dataOf(await owner.call(apiKey.revoke, { apiKeyId }))).toEqual({});
    const after = await withKey(secret, lock.list.path);
    expect(after.body.errorCode).toBe(ERRORS.apiKeyInvalid.code);
    expect((await listed()).some((key) => key.apiKeyId === apiKeyId)).toBe(false);
    // Another account's key is not found, as one that does not exist.
    const other = await created({ name: 'Theirs', scopes: 'read' }, stranger);
    expect((await owner.call(apiKey.revoke, { apiKeyId: other.apiKeyId })).body.errorCode).toBe(ERRORS.notFound.code);
  });

  it('tells its rate in standard headers and answers 429 with Retry-After once spent', async () => {
    const { secret } = await created({ name: 'Busy', scopes: 'read' });
    const first = await withKey(secret, lock.list.path);
    expect(first.headers['ratelimit-limit']).toBe(String(CALLS_PER_MINUTE));
    expect(first.headers['ratelimit-remaining']).toBe(String(CALLS_PER_MINUTE - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 1; i < CALLS_PER_MINUTE; i++) expect((await withKey(secret, lock.list.path)).status).toBe(200);
    const spent = await withKey(secret, lock.list.path);
    expect(spent.status).toBe(429);
    expect(spent.body.errorCode).toBe(ERRORS.tooManyRequests.code);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    expect(spent.headers['ratelimit-remaining']).toBe('0');
  });
});
