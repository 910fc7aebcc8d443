import { LockState, openApi } from '@smartlock/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locks, openApiTokens, passcodes, remoteOperations } from '../../db/schema';
import { sha256 } from '../../security/crypto';
import { loggedInClient, PASSWORD } from '../../test/fixtures';
import type { FleetProcess } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestServer } from '../../test/harness';
import { auth, type ClientCredentials, md5, passwordToken, ttlock } from '../../test/ttlockClient';

/**
 * The TTLock-compatible surface as the public clients call it (docs/ttlock-compat.md): Home
 * Assistant's integration, ttlockio, the TypeScript client and the Homebridge plugin each send
 * their token and parameters their own way; every refusal is TTLock's and changes nothing.
 */

const OWNER = 'compat-owner@example.com';
const STRANGER = 'compat-stranger@example.com';
let setup: FleetServer;
let server: TestServer;
let fleet: FleetProcess;
let door: { lockId: number; mac: string };
let owner: ClientCredentials;
let stranger: ClientCredentials;

const db = () => server.app.services.database.db;
const operationCount = async () => (await db().select({ n: count() }).from(remoteOperations))[0]?.n ?? 0;
const passcodeCount = async () => (await db().select({ n: count() }).from(passcodes))[0]?.n ?? 0;
const boltOf = async (lockId: number) => (await db().select().from(locks).where(eq(locks.id, lockId)))[0]?.state;

beforeAll(async () => {
  setup = await startFleetServer(OWNER, { gateways: 1, locksPerGateway: 1, kinds: 'door' });
  ({ server, fleet } = setup);
  door = setup.gateways[0]?.locks[0] as { lockId: number; mac: string };
  owner = dataOf(await setup.client.call(openApi.rotateClientSecret, {}));
  const other = await loggedInClient(server, STRANGER);
  stranger = dataOf(await other.client.call(openApi.rotateClientSecret, {}));
}, 90_000);

afterAll(async () => {
  await setup?.close();
});

describe('the call styles of the public clients', () => {
  it("Home Assistant's integration: token with snake_case names, unlock as GET, writes with auth in the query and fields in the body", async () => {
    const token = await passwordToken(server.app, owner, OWNER);
    expect(token).toMatchObject({ uid: expect.any(Number), expires_in: 7_776_000, refresh_token: expect.any(String) });
    const common = () => auth(owner.clientId, token.access_token);
    // Its GETs carry a form content type and no body.
    const formType = { 'content-type': 'application/x-www-form-urlencoded' };

    const list = await ttlock(server.app, '/v3/lock/list', {
      query: { ...common(), pageNo: 1, pageSize: 1000 },
      headers: formType,
    });
    expect(list.body).toMatchObject({ pageNo: 1, pageSize: 1000, total: 1, pages: 1 });
    expect(list.body.list).toEqual([expect.objectContaining({ lockId: door.lockId, lockMac: door.mac })]);

    const unlocked = await ttlock(server.app, '/v3/lock/unlock', {
      query: { ...common(), lockId: door.lockId },
      headers: formType,
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toMatchObject({ errcode: 0 });
    expect(await boltOf(door.lockId)).toBe(LockState.unlocked);

    const state = await ttlock(server.app, '/v3/lock/queryOpenState', { query: { ...common(), lockId: door.lockId } });
    expect(state.body).toMatchObject({ state: LockState.unlocked, electricQuantity: expect.any(Number) });

    const added = await ttlock(server.app, '/v3/keyboardPwd/add', {
      method: 'POST',
      query: common(),
      form: { lockId: door.lockId, keyboardPwd: '482916', keyboardPwdName: 'Cleaner', keyboardPwdType: 2, addType: 2 },
    });
    expect(added.body).toEqual({ keyboardPwdId: expect.any(Number) });
    const codes = await ttlock(server.app, '/v3/lock/listKeyboardPwd', {
      query: { ...common(), lockId: door.lockId, pageNo: 1, pageSize: 100, orderBy: 1 },
    });
    expect(codes.body.list).toEqual([
      expect.objectContaining({
        keyboardPwdId: added.body.keyboardPwdId,
        keyboardPwd: '482916',
        keyboardPwdName: 'Cleaner',
        keyboardPwdType: 2,
        isCustom: 1,
      }),
    ]);

    const passage = await ttlock(server.app, '/v3/lock/configPassageMode', {
      method: 'POST',
      query: common(),
      form: {
        lockId: door.lockId,
        type: 2,
        passageMode: 1,
        autoUnlock: 2,
        isAllDay: 2,
        startDate: 480,
        endDate: 1080,
        weekDays: '[1, 2, 3, 4, 5]',
      },
    });
    expect(passage.body).toMatchObject({ errcode: 0 });
    const config = await ttlock(server.app, '/v3/lock/getPassageModeConfig', {
      query: { ...common(), lockId: door.lockId },
    });
    expect(config.body).toMatchObject({
      passageMode: 1,
      isAllDay: 2,
      startDate: 480,
      endDate: 1080,
      weekDays: [1, 2, 3, 4, 5],
    });
    const autoLock = await ttlock(server.app, '/v3/lock/setAutoLockTime', {
      method: 'POST',
      query: common(),
      form: { lockId: door.lockId, seconds: 10, type: 2 },
    });
    expect(autoLock.body).toMatchObject({ errcode: 0 });

    const detail = await ttlock(server.app, '/v3/lock/detail', { query: { ...common(), lockId: door.lockId } });
    expect(detail.body).toMatchObject({
      lockId: door.lockId,
      lockAlias: expect.any(String),
      date: expect.any(Number),
      adminPwd: '',
      autoLockTime: 10,
      passageMode: 1,
    });
    expect(detail.body).not.toHaveProperty('lockData');
  });

  it('ttlockio: token fields all in the query string with grant_type and redirect_uri; lists read by GET', async () => {
    const reply = await ttlock(server.app, '/oauth2/token', {
      method: 'POST',
      query: {
        client_id: owner.clientId,
        client_secret: owner.clientSecret,
        username: OWNER,
        password: md5(PASSWORD),
        grant_type: 'password',
        redirect_uri: 'http://localhost',
      },
    });
    const token = reply.body.access_token as string;
    expect(token).toEqual(expect.any(String));
    const gateways = await ttlock(server.app, '/v3/gateway/list', {
      query: { ...auth(owner.clientId, token), pageNo: 1, pageSize: 20 },
    });
    expect(gateways.body).toMatchObject({ total: 1, list: [expect.objectContaining({ isOnline: 1, lockNum: 1 })] });
    const records = await ttlock(server.app, '/v3/lockRecord/list', {
      query: { ...auth(owner.clientId, token), lockId: door.lockId, startDate: 0, endDate: 0, pageNo: 1, pageSize: 20 },
    });
    expect(records.body).toMatchObject({ pageNo: 1, pageSize: 20, list: expect.any(Array) });
  });

  it('the TypeScript client: everything as a POST form with camelCase names, lists too', async () => {
    const reply = await ttlock(server.app, '/oauth2/token', {
      form: { clientId: owner.clientId, clientSecret: owner.clientSecret, username: OWNER, password: md5(PASSWORD) },
    });
    const token = reply.body.access_token as string;
    const form = () => ({ ...auth(owner.clientId, token), lockId: door.lockId });
    const detail = await ttlock(server.app, '/v3/lock/detail', { form: form() });
    expect(detail.body).toMatchObject({ lockId: door.lockId, lockMac: door.mac });
    const off = await ttlock(server.app, '/v3/lock/configPassageMode', {
      form: { ...form(), passageMode: 2, type: 2 },
    });
    expect(off.body).toMatchObject({ errcode: 0 });
    const passage = await ttlock(server.app, '/v3/lock/getPassageModeConfig', { form: form() });
    expect(passage.body).toMatchObject({ passageMode: 2, weekDays: [] });
    const locked = await ttlock(server.app, '/v3/lock/lock', { form: form() });
    expect(locked.body).toMatchObject({ errcode: 0 });
    expect(await boltOf(door.lockId)).toBe(LockState.locked);
  });

  it('the Homebridge plugin: the token in an Authorization Bearer header, JSON bodies', async () => {
    const token = await passwordToken(server.app, owner, OWNER);
    const reply = await ttlock(server.app, '/v3/lock/detail', {
      query: { clientId: owner.clientId, date: Date.now(), lockId: door.lockId },
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(reply.body).toMatchObject({ lockId: door.lockId });
    const listed = await ttlock(server.app, '/v3/lock/list', {
      json: { clientId: owner.clientId, date: Date.now(), pageNo: 1, pageSize: 10 },
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(listed.body).toMatchObject({ total: 1 });
  });
});

describe('the credential calls', () => {
  it('issues, changes and deletes passcodes; offline codes by TTLock type, cyclic ones included', async () => {
    const token = await passwordToken(server.app, owner, OWNER);
    const common = () => auth(owner.clientId, token.access_token);
    const permanent = await ttlock(server.app, '/v3/keyboardPwd/get', {
      form: { ...common(), lockId: door.lockId, keyboardPwdType: 2, keyboardPwdName: 'Guest', startDate: Date.now() },
    });
    expect(permanent.body).toEqual({
      keyboardPwd: expect.stringMatching(/^[0-9]{6,10}$/),
      keyboardPwdId: expect.any(Number),
    });
    const eightToSix = new Date();
    eightToSix.setUTCHours(8, 0, 0, 0);
    const daily = await ttlock(server.app, '/v3/keyboardPwd/get', {
      form: {
        ...common(),
        lockId: door.lockId,
        keyboardPwdType: 6,
        startDate: eightToSix.getTime(),
        endDate: eightToSix.getTime() + 10 * 3_600_000,
      },
    });
    expect(daily.body, JSON.stringify(daily.body)).toMatchObject({ keyboardPwdId: expect.any(Number) });

    const added = await ttlock(server.app, '/v3/keyboardPwd/add', {
      query: common(),
      form: { lockId: door.lockId, keyboardPwd: '730125', keyboardPwdName: 'Plumber', addType: 2 },
    });
    const keyboardPwdId = added.body.keyboardPwdId as number;
    const renamed = await ttlock(server.app, '/v3/keyboardPwd/change', {
      query: common(),
      form: {
        lockId: door.lockId,
        keyboardPwdId,
        keyboardPwdName: 'Electrician',
        newKeyboardPwd: '730126',
        changeType: 2,
      },
    });
    expect(renamed.body).toMatchObject({ errcode: 0 });
    const listed = await ttlock(server.app, '/v3/lock/listKeyboardPwd', {
      query: { ...common(), lockId: door.lockId, pageNo: 1, pageSize: 100 },
    });
    const codes = listed.body.list as {
      keyboardPwdId: number;
      keyboardPwdType: number;
      keyboardPwd: string;
      keyboardPwdName: string;
    }[];
    expect(codes.find((c) => c.keyboardPwdId === keyboardPwdId)).toMatchObject({
      keyboardPwdName: 'Electrician',
      keyboardPwd: '730126',
    });
    expect(codes.find((c) => c.keyboardPwdId === daily.body.keyboardPwdId)).toMatchObject({ keyboardPwdType: 6 });
    const removed = await ttlock(server.app, '/v3/keyboardPwd/delete', {
      query: common(),
      form: { lockId: door.lockId, keyboardPwdId, deleteType: 2 },
    });
    expect(removed.body).toMatchObject({ errcode: 0 });
    // TTLock answers 0 for a code already deleted; here it is the console's refusal.
    const again = await ttlock(server.app, '/v3/keyboardPwd/delete', {
      query: common(),
      form: { lockId: door.lockId, keyboardPwdId, deleteType: 2 },
    });
    expect(again.body.errcode).not.toBe(0);
  });

  it('sends, lists, freezes, unfreezes and deletes an eKey; lists cards, fingerprints and the gateways of a lock', async () => {
    const token = await passwordToken(server.app, owner, OWNER);
    const common = () => auth(owner.clientId, token.access_token);
    const sent = await ttlock(server.app, '/v3/key/send', {
      form: {
        ...common(),
        lockId: door.lockId,
        receiverUsername: STRANGER,
        keyName: 'Tenant',
        remoteEnable: 1,
        startDate: 0,
        endDate: 0,
      },
    });
    expect(sent.body).toEqual({ keyId: expect.any(Number) });
    const keyOf = async () => {
      const keys = await ttlock(server.app, '/v3/key/list', {
        query: { ...common(), lockId: door.lockId, pageNo: 1, pageSize: 20 },
      });
      return (keys.body.list as { keyId: number }[]).find((k) => k.keyId === sent.body.keyId);
    };
    expect(await keyOf()).toMatchObject({
      username: STRANGER,
      keyName: 'Tenant',
      remoteEnable: 1,
      startDate: 0,
      endDate: 0,
    });
    const before = (await keyOf()) as unknown as { keyStatus: string };
    for (const path of ['/v3/key/freeze', '/v3/key/unfreeze', '/v3/key/delete']) {
      const reply = await ttlock(server.app, path, { form: { ...common(), keyId: sent.body.keyId as number } });
      expect(reply.body, path).toMatchObject({ errcode: 0 });
    }
    expect(((await keyOf()) as unknown as { keyStatus: string } | undefined)?.keyStatus ?? '110408').not.toBe(
      before.keyStatus,
    );

    for (const path of ['/v3/identityCard/list', '/v3/fingerprint/list']) {
      const reply = await ttlock(server.app, path, {
        query: { ...common(), lockId: door.lockId, pageNo: 1, pageSize: 200 },
      });
      expect(reply.body, path).toMatchObject({ list: [], total: 0, pageNo: 1, pageSize: 200 });
    }
    const gateways = await ttlock(server.app, '/v3/gateway/listByLock', {
      query: { ...common(), lockId: door.lockId },
    });
    expect(gateways.body).toEqual({ list: [expect.objectContaining({ isOnline: 1, gatewayId: expect.any(Number) })] });
  });
});

describe('refusals in TTLock form that change nothing', () => {
  it('a wrong client secret or an unknown client gets no token', async () => {
    const before = (await db().select({ n: count() }).from(openApiTokens))[0]?.n;
    const base = { client_id: owner.clientId, username: OWNER, password: md5(PASSWORD) };
    const wrong = await ttlock(server.app, '/oauth2/token', { form: { ...base, client_secret: 'f'.repeat(32) } });
    expect(wrong).toMatchObject({ status: 200, body: { errcode: 10001 } });
    const unknown = await ttlock(server.app, '/oauth2/token', {
      form: { ...base, client_id: '0'.repeat(32), client_secret: owner.clientSecret },
    });
    expect(unknown.body).toMatchObject({ errcode: 10000 });
    const badPassword = await ttlock(server.app, '/oauth2/token', {
      form: { ...base, client_secret: owner.clientSecret, password: md5('not the password') },
    });
    expect(badPassword.body).toMatchObject({ errcode: 10007 });
    const clear = await ttlock(server.app, '/oauth2/token', {
      form: { ...base, client_secret: owner.clientSecret, password: PASSWORD },
    });
    expect(clear.body).toMatchObject({ errcode: 30005 });
    expect((await db().select({ n: count() }).from(openApiTokens))[0]?.n).toBe(before);
  });

  it('an expired access token answers 10004; the refresh token gives a new pair once', async () => {
    const token = await passwordToken(server.app, owner, OWNER);
    await db()
      .update(openApiTokens)
      .set({ accessExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(openApiTokens.accessHash, sha256(token.access_token)));
    const expired = await ttlock(server.app, '/v3/lock/list', { query: auth(owner.clientId, token.access_token) });
    expect(expired.body).toMatchObject({ errcode: 10004 });

    const refresh = { client_id: owner.clientId, client_secret: owner.clientSecret, grant_type: 'refresh_token' };
    const renewed = await ttlock(server.app, '/oauth2/token', {
      form: { ...refresh, refresh_token: token.refresh_token },
    });
    expect(renewed.body).toMatchObject({ access_token: expect.any(String), uid: token.uid });
    const listed = await ttlock(server.app, '/v3/lock/list', {
      query: auth(owner.clientId, renewed.body.access_token as string),
    });
    expect(listed.body).toMatchObject({ total: 1 });

    const again = await ttlock(server.app, '/oauth2/token', {
      form: { ...refresh, refresh_token: token.refresh_token },
    });
    expect(again.body).toMatchObject({ errcode: 10011 });
    const otherClient = await ttlock(server.app, '/oauth2/token', {
      form: {
        client_id: stranger.clientId,
        client_secret: stranger.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: renewed.body.refresh_token as string,
      },
    });
    expect(otherClient.body).toMatchObject({ errcode: 10011 });
  });

  it('a stale date is 80000 and the lock is not asked', async () => {
    const token = await passwordToken(server.app, owner, OWNER);
    const operations = await operationCount();
    const stale = await ttlock(server.app, '/v3/lock/unlock', {
      query: {
        clientId: owner.clientId,
        accessToken: token.access_token,
        date: Date.now() - 6 * 60_000,
        lockId: door.lockId,
      },
    });
    expect(stale.body).toMatchObject({ errcode: 80000 });
    const missing = await ttlock(server.app, '/v3/lock/unlock', {
      query: { clientId: owner.clientId, accessToken: token.access_token, lockId: door.lockId },
    });
    expect(missing.body).toMatchObject({ errcode: 80000 });
    expect(await operationCount()).toBe(operations);
  });

  it("another account's lock answers as one that does not exist, and nothing is done to it", async () => {
    const token = await passwordToken(server.app, stranger, STRANGER);
    const common = () => auth(stranger.clientId, token.access_token);
    const operations = await operationCount();
    const theirs = await ttlock(server.app, '/v3/lock/unlock', { query: { ...common(), lockId: door.lockId } });
    const none = await ttlock(server.app, '/v3/lock/unlock', { query: { ...common(), lockId: 99_999_999 } });
    expect(theirs.body).toMatchObject({ errcode: -2018 });
    expect(theirs.body).toEqual(none.body);
    for (const path of [
      '/v3/lock/detail',
      '/v3/lock/listKeyboardPwd',
      '/v3/lockRecord/list',
      '/v3/gateway/listByLock',
    ]) {
      const reply = await ttlock(server.app, path, { query: { ...common(), lockId: door.lockId } });
      expect(reply.body, path).toEqual(none.body);
    }
    const list = await ttlock(server.app, '/v3/lock/list', { query: common() });
    expect(list.body).toMatchObject({ total: 0, list: [] });
    // The owner's token is no key to another client.
    const owned = await passwordToken(server.app, owner, OWNER);
    const crossed = await ttlock(server.app, '/v3/lock/detail', {
      query: { ...auth(stranger.clientId, owned.access_token), lockId: door.lockId },
    });
    expect(crossed.body).toMatchObject({ errcode: 10003 });
    expect(await operationCount()).toBe(operations);
  });

  it('bad input is -3 (or 80002 for broken JSON) and adds nothing', async () => {
    const token = await passwordToken(server.app, owner, OWNER);
    const common = () => auth(owner.clientId, token.access_token);
    const codes = await passcodeCount();
    const operations = await operationCount();
    const badId = await ttlock(server.app, '/v3/lock/unlock', { query: { ...common(), lockId: 'abc' } });
    expect(badId.body).toMatchObject({ errcode: -3, description: expect.stringContaining('lockId') });
    const letters = await ttlock(server.app, '/v3/keyboardPwd/add', {
      query: common(),
      form: { lockId: door.lockId, keyboardPwd: 'abcd', addType: 2 },
    });
    expect(letters.body).toMatchObject({ errcode: -3 });
    const bluetooth = await ttlock(server.app, '/v3/keyboardPwd/add', {
      query: common(),
      form: { lockId: door.lockId, keyboardPwd: '123456', addType: 1 },
    });
    expect(bluetooth.body).toMatchObject({ errcode: -3 });
    const bigPage = await ttlock(server.app, '/v3/lockRecord/list', {
      query: { ...common(), lockId: door.lockId, pageSize: 201 },
    });
    expect(bigPage.body).toMatchObject({ errcode: -3 });
    const broken = await server.app.inject({
      method: 'POST',
      url: `/v3/lock/list?${new URLSearchParams({ ...common(), date: String(Date.now()) }).toString()}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"pageNo":',
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({ errcode: 80002 });
    const huge = await ttlock(server.app, '/v3/keyboardPwd/add', {
      query: common(),
      form: { lockId: door.lockId, keyboardPwd: '123456', keyboardPwdName: 'x'.repeat(70_000) },
    });
    expect(huge.body).toMatchObject({ errcode: -3 });
    const unknownCall = await ttlock(server.app, '/v3/lock/initialize', { query: common() });
    expect(unknownCall.body).toMatchObject({ errcode: -3 });
    expect(await passcodeCount()).toBe(codes);
    expect(await operationCount()).toBe(operations);
  });

  it('the token is checked before the body is read: a bad token with a broken body is 10003', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: `/v3/lock/list?${new URLSearchParams({ clientId: owner.clientId, accessToken: 'nope', date: String(Date.now()) }).toString()}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"pageNo":',
    });
    expect(reply.json()).toMatchObject({ errcode: 10003 });
  });

  it('a fleet unlock through the open API reaches the simulated lock', async () => {
    const token = await passwordToken(server.app, owner, OWNER);
    const from = fleet.lines.length;
    const reply = await ttlock(server.app, '/v3/lock/unlock', {
      query: { ...auth(owner.clientId, token.access_token), lockId: door.lockId },
    });
    expect(reply.body).toMatchObject({ errcode: 0 });
    await fleet.waitFor(
      (l) => l.event === 'bolt' && l.lockMac === door.mac && l.state === LockState.unlocked,
      5000,
      from,
    );
  });
});
