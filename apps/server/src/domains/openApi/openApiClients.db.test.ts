import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LockRecordType, lockRecord, openApi, user } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient, PASSWORD } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { auth, type ClientCredentials, md5, passwordToken, ttlock } from '../../test/ttlockClient';

/**
 * The account's side of the open API: its client made and rotated from the console, the rate per
 * client with standard headers, the monthly meter, and new records posted to its callback
 * address in TTLock's form.
 */

const OWNER = 'compat-account@example.com';
const CALLS_PER_MINUTE = 6;
let server: TestServer;
let client: TestClient;
let lockId: number;
let uid: number;

interface Delivery {
  contentType: string;
  fields: URLSearchParams;
}
let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];
/** The answers the receiver gives, in turn; "success" once they run out. */
const answers: string[] = [];

/** The delivery worker's clock: the test runs the worker and moves the clock past each wait. */
let clock = Date.now();

beforeAll(async () => {
  server = await startTestServer(
    { OPEN_API_CALLS_PER_MINUTE: CALLS_PER_MINUTE },
    { webhookWorker: { autoStart: false, now: () => clock } },
  );
  ({ client, uid } = await loggedInClient(server, OWNER));
  lockId = await addLock(client, 'Back door');
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      deliveries.push({ contentType: request.headers['content-type'] ?? '', fields: new URLSearchParams(body) });
      response.end(answers.shift() ?? 'success');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ttlock`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function rotated(): Promise<ClientCredentials> {
  return dataOf(await client.call(openApi.rotateClientSecret, {}));
}

describe('the client from the console', () => {
  it('has no client until one is made; a new secret ends the old one and its tokens', async () => {
    expect(dataOf(await client.call(openApi.getClient, {}))).toMatchObject({ clientId: '', secretChangedAt: null });
    const first = await rotated();
    expect(first).toEqual({ clientId: expect.stringMatching(/^[0-9a-f]{32}$/), clientSecret: expect.any(String) });
    const token = await passwordToken(server.app, first, OWNER);
    const second = await rotated();
    expect(second.clientId).toBe(first.clientId);
    const old = await ttlock(server.app, '/oauth2/token', {
      form: { client_id: first.clientId, client_secret: first.clientSecret, username: OWNER, password: 'x'.repeat(32) },
    });
    expect(old.body).toMatchObject({ errcode: 10001 });
    const ended = await ttlock(server.app, '/v3/lock/list', { query: auth(first.clientId, token.access_token) });
    expect(ended.body).toMatchObject({ errcode: 10004 });
    expect(JSON.stringify(dataOf(await client.call(openApi.getClient, {})))).not.toContain(second.clientSecret);
  });

  it('takes only an http or https callback address', async () => {
    await rotated();
    const refused = await client.call(openApi.setCallbackUrl, { callbackUrl: 'ftp://example.com/hook' });
    expect(refused.body.errorCode).toBe(-3);
    expect(dataOf(await client.call(openApi.getClient, {})).callbackUrl).toBe('');
  });
});

describe('the password a token is asked with', () => {
  it('is the MD5 of the console password, known for an older account once it logs in to the console', async () => {
    const credentials = await rotated();
    const db = server.app.services.database.db;
    await db.update(users).set({ openApiPasswordHash: null }).where(eq(users.id, uid));
    const refused = await ttlock(server.app, '/oauth2/token', {
      form: {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        username: OWNER,
        password: md5(PASSWORD),
      },
    });
    expect(refused.body).toMatchObject({ errcode: 10007 });
    expect((await server.client().call(user.login, { account: OWNER, password: PASSWORD })).body.errorCode).toBe(0);
    expect(await passwordToken(server.app, credentials, OWNER)).toMatchObject({ uid });
  });

  it("a new password ends the account's tokens and takes the new MD5", async () => {
    const credentials = await rotated();
    const token = await passwordToken(server.app, credentials, OWNER);
    const changed = await client.call(user.changePassword, { oldPassword: PASSWORD, newPassword: 'Lighthouse#2027' });
    expect(changed.body.errorCode).toBe(0);
    const ended = await ttlock(server.app, '/v3/lock/list', { query: auth(credentials.clientId, token.access_token) });
    expect(ended.body).toMatchObject({ errcode: 10004 });
    expect(await passwordToken(server.app, credentials, OWNER, 'Lighthouse#2027')).toMatchObject({ uid });
    await client.call(user.changePassword, { oldPassword: 'Lighthouse#2027', newPassword: PASSWORD });
  });

  it("the demo account's secret is derived again on every start, and put back after a rotation", async () => {
    const demo = await server.app.services.openApi.ensureDemo(uid);
    expect(await server.app.services.openApi.ensureDemo(uid)).toEqual(demo);
    await rotated();
    expect(await server.app.services.openApi.ensureDemo(uid)).toEqual(demo);
    expect(await passwordToken(server.app, demo, OWNER)).toMatchObject({ uid });
  });
});

describe('rate and meter', () => {
  it('answers RateLimit headers, refuses past the rate with 30006 and Retry-After, and counts the month', async () => {
    const credentials = await rotated();
    const token = await passwordToken(server.app, credentials, OWNER);
    const before = dataOf(await client.call(openApi.getClient, {})).callsThisMonth;
    const replies = [];
    for (let i = 0; i <= CALLS_PER_MINUTE; i += 1) {
      replies.push(
        await ttlock(server.app, '/v3/lock/list', { query: auth(credentials.clientId, token.access_token) }),
      );
    }
    const first = replies[0];
    expect(first?.headers).toMatchObject({ 'ratelimit-limit': String(CALLS_PER_MINUTE) });
    expect(Number(first?.headers['ratelimit-remaining'])).toBeLessThan(CALLS_PER_MINUTE);
    const last = replies.at(-1);
    expect(last).toMatchObject({ status: 200, body: { errcode: 30006 } });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.headers['ratelimit-remaining']).toBe('0');
    const after = dataOf(await client.call(openApi.getClient, {})).callsThisMonth;
    expect(after - before).toBe(replies.filter((r) => r.body.errcode === undefined).length);
  });
});

describe('the record callback', () => {
  // A lock sends a record again as it wrote it: the same number at the same lock time.
  const lockTimes = new Map<string, number>();
  const lockTimeOf = (recordId: string) => lockTimes.get(recordId) ?? lockTimes.set(recordId, Date.now()).get(recordId);
  const upload = (recordId: string, recordType: number) =>
    client.call(lockRecord.upload, {
      lockId,
      records: JSON.stringify([
        { recordId, recordType, success: 1, lockTime: lockTimeOf(recordId), username: OWNER, battery: 80 },
      ]),
    });

  const worker = () => server.app.services.webhooks.worker;

  it('posts new unlock records as TTLock does, trying again until the receiver answers success', async () => {
    await rotated();
    expect((await client.call(openApi.setCallbackUrl, { callbackUrl: receiverUrl })).body.errorCode).toBe(0);
    answers.push('busy');
    const from = deliveries.length;
    expect(dataOf(await upload('r-1', LockRecordType.appUnlock))).toMatchObject({ stored: 1 });
    expect(await worker().runDue()).toMatchObject({ claimed: 1, retrying: 1 });
    // Not due again before the schedule's first wait (1 minute, give or take a tenth).
    clock += 50_000;
    expect(await worker().runDue()).toMatchObject({ claimed: 0 });
    clock += 20_000;
    expect(await worker().runDue()).toMatchObject({ claimed: 1, delivered: 1 });
    const [first, second] = deliveries.slice(from);
    expect(first?.contentType).toBe('application/x-www-form-urlencoded');
    expect(second?.fields.toString()).toBe(first?.fields.toString());
    expect(first?.fields.get('notifyType')).toBe('1');
    expect(first?.fields.get('lockId')).toBe(String(lockId));
    expect(first?.fields.get('lockMac')).toMatch(/^[0-9A-F:]{17}$/);
    const records = JSON.parse(first?.fields.get('records') ?? '[]');
    expect(records).toEqual([
      expect.objectContaining({ lockId, recordType: 1, success: 1, username: OWNER, electricQuantity: 80 }),
    ]);
    expect(deliveries.length).toBe(from + 2);
  });

  it('posts nothing for a record already stored, and nothing once the address is cleared', async () => {
    const from = deliveries.length;
    expect(dataOf(await upload('r-1', LockRecordType.appUnlock))).toMatchObject({ stored: 0 });
    await client.call(openApi.setCallbackUrl, { callbackUrl: '' });
    expect(dataOf(await upload('r-2', LockRecordType.appUnlock))).toMatchObject({ stored: 1 });
    expect(await worker().runDue()).toMatchObject({ claimed: 0 });
    expect(deliveries.length).toBe(from);
  });
});
