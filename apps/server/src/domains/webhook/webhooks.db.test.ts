import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  LockRecordType,
  lockRecord,
  openApi,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_PENDING_MAX,
  WEBHOOK_URL_MAX,
  webhook,
} from '@smartlock/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { serverRoot } from '../../paths';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { deliveryById } from './webhookDeliveryQueries';
import { MAX_ATTEMPTS, RETRY_SCHEDULE_SECONDS } from './webhookSchedule';
import { WebhookWorker } from './webhookWorker';

/**
 * Webhooks end to end on the database tier: events stored with the change, signed deliveries a
 * receiver checks with the documented snippet, the retry schedule driven by the worker's clock,
 * one claim per delivery with two workers, strangers kept out, addresses refused, and the TTLock
 * record callback carried by the same table across a worker's restart.
 */

/** The verification snippet exactly as docs/integrations.md publishes it under "## Webhooks". */
type Verify = (secret: string, header: string, rawBody: string, nowSeconds?: number) => boolean;
function documentedVerify(): Verify {
  const page = readFileSync(join(serverRoot(), '../../docs/integrations.md'), 'utf8');
  const section = page.slice(page.indexOf('## Webhooks'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code?.includes('function verifySmartlockSignature')) throw new Error('no snippet in docs/integrations.md');
  return new Function('require', `${code}\nreturn verifySmartlockSignature;`)(createRequire(import.meta.url)) as Verify;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A local receiver: keeps what it gets; answers each path's queued statuses, 200 once they run out. */
class Receiver {
  readonly received: Received[] = [];
  readonly answers = new Map<string, number[]>();
  /** Paths that always answer 500. */
  readonly broken = new Set<string>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ headers: request.headers, body, path });
        const status = this.broken.has(path) ? 500 : (this.answers.get(path)?.shift() ?? 200);
        response.statusCode = status;
        response.end(status === 200 ? 'success' : 'not now');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const OWNER = 'webhook-owner@example.com';
const STRANGER = 'webhook-stranger@example.com';
let server: TestServer;
let owner: TestClient;
let stranger: TestClient;
let lockId: number;
const receiver = new Receiver();
const verify = documentedVerify();
/** The app's worker's clock: tests run the worker and move the clock past each wait. */
let clock = Date.now();
const seconds = () => Math.floor(clock / 1000);
const worker = () => server.app.services.webhooks.worker;

beforeAll(async () => {
  server = await startTestServer({}, { webhookWorker: { autoStart: false, now: () => clock } });
  owner = (await loggedInClient(server, OWNER)).client;
  stranger = (await loggedInClient(server, STRANGER)).client;
  lockId = await addLock(owner, 'Front door');
  await receiver.start();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await receiver.close();
});

async function addEndpoint(client: TestClient, path: string, events: string) {
  const reply = await client.call(webhook.add, { url: `${receiver.url}${path}`, events });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply);
}

async function deliveryOf(deliveryId: number) {
  const row = await deliveryById(server.app.services.database.db, deliveryId);
  if (!row) throw new Error(`no delivery ${deliveryId}`);
  return row;
}

let recordSerial = 0;
function upload(count: number) {
  const lockTime = Date.now();
  return owner.call(lockRecord.upload, {
    lockId,
    records: JSON.stringify(
      Array.from({ length: count }, () => ({
        recordId: `wh-${++recordSerial}`,
        recordType: LockRecordType.appUnlock,
        success: 1,
        lockTime,
        username: OWNER,
        battery: 77,
      })),
    ),
  });
}

describe('events and signatures', () => {
  it('stores one signed delivery for a batch of unlock records, which the documented snippet verifies', async () => {
    const { endpoint, secret } = await addEndpoint(owner, '/records', 'lock.unlockRecord');
    await addEndpoint(owner, '/gateways', 'gateway.online,gateway.offline');
    expect(secret).toMatch(/^whsec_/);
    expect(dataOf(await owner.call(webhook.secret, { endpointId: endpoint.endpointId })).secret).toBe(secret);

    expect(dataOf(await upload(2))).toMatchObject({ stored: 2 });
    expect(await worker().runDue()).toEqual({ claimed: 1, delivered: 1, retrying: 0, failed: 0 });

    const [got, ...more] = receiver.at('/records');
    expect(more).toEqual([]);
    expect(receiver.at('/gateways')).toEqual([]);
    if (!got) throw new Error('nothing received');
    const header = String(got.headers['smartlock-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(secret, header, got.body, seconds())).toBe(true);
    expect(verify(secret, header, got.body.replace('77', '78'), seconds())).toBe(false);
    expect(verify(`${secret}x`, header, got.body, seconds())).toBe(false);
    expect(verify(secret, header, got.body, seconds() + 301)).toBe(false);

    const event = JSON.parse(got.body);
    expect(got.headers['smartlock-event']).toBe('lock.unlockRecord');
    expect(got.headers['smartlock-event-id']).toBe(event.id);
    expect(event).toMatchObject({ type: 'lock.unlockRecord', data: { lockId, lockName: 'Front door' } });
    expect(event.data.records).toHaveLength(2);
    expect(event.data.records[0]).toMatchObject({ recordType: LockRecordType.appUnlock, username: OWNER, battery: 77 });

    const log = dataOf(await owner.call(webhook.deliveries, { endpointId: endpoint.endpointId }));
    expect(log.total).toBe(1);
    expect(log.list[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
      eventId: event.id,
    });
    expect(log.list[0]?.lastResponseMs).toBeGreaterThanOrEqual(0);
  });

  it('signs the next try with a rotated secret', async () => {
    const { endpoint, secret } = await addEndpoint(owner, '/rotated', 'lock.state');
    const rotated = dataOf(await owner.call(webhook.rotateSecret, { endpointId: endpoint.endpointId })).secret;
    expect(rotated).not.toBe(secret);
    expect(dataOf(await owner.call(webhook.sendTest, { endpointId: endpoint.endpointId })).delivery.status).toBe(
      'pending',
    );
    await worker().runDue();
    const [got] = receiver.at('/rotated');
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
    expect(verify(rotated, String(got?.headers['smartlock-signature']), got?.body ?? '', seconds())).toBe(true);
    expect(verify(secret, String(got?.headers['smartlock-signature']), got?.body ?? '', seconds())).toBe(false);
  });
});

describe('retries', () => {
  it('tries a failing receiver again on the schedule, then it is taken', async () => {
    const { endpoint } = await addEndpoint(owner, '/flaky', 'lock.state');
    receiver.answers.set('/flaky', [500, 503]);
    const { deliveryId } = dataOf(await owner.call(webhook.sendTest, { endpointId: endpoint.endpointId })).delivery;

    expect(await worker().runDue()).toMatchObject({ claimed: 1, retrying: 1 });
    let row = await deliveryOf(deliveryId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    const firstWait = row.nextAttemptAt.getTime() - clock;
    expect(firstWait).toBeGreaterThanOrEqual(54_000);
    expect(firstWait).toBeLessThanOrEqual(66_000);

    clock += 53_000; // before the earliest the schedule allows: nothing due
    expect(await worker().runDue()).toMatchObject({ claimed: 0 });
    clock = row.nextAttemptAt.getTime();
    expect(await worker().runDue()).toMatchObject({ claimed: 1, retrying: 1 });
    row = await deliveryOf(deliveryId);
    expect(row).toMatchObject({ attempts: 2, lastStatusCode: 503 });
    const secondWait = row.nextAttemptAt.getTime() - clock;
    expect(secondWait).toBeGreaterThanOrEqual(270_000);
    expect(secondWait).toBeLessThanOrEqual(330_000);

    clock = row.nextAttemptAt.getTime();
    expect(await worker().runDue()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await deliveryOf(deliveryId)).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    expect(receiver.at('/flaky')).toHaveLength(3);
    expect(new Set(receiver.at('/flaky').map((r) => r.headers['smartlock-event-id'])).size).toBe(1);
  });

  it('fails a delivery after the last try of a schedule lasting over 24 hours; send again starts it anew', async () => {
    const { endpoint } = await addEndpoint(owner, '/down', 'lock.state');
    receiver.broken.add('/down');
    const { deliveryId } = dataOf(await owner.call(webhook.sendTest, { endpointId: endpoint.endpointId })).delivery;
    const started = clock;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      clock = Math.max(clock, (await deliveryOf(deliveryId)).nextAttemptAt.getTime());
      expect(await worker().runDue()).toMatchObject({ claimed: 1 });
      expect((await deliveryOf(deliveryId)).attempts).toBe(attempt);
    }
    const failed = await deliveryOf(deliveryId);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastStatusCode: 500 });
    expect(clock - started).toBeGreaterThan(24 * 3600_000);
    expect(clock - started).toBeGreaterThanOrEqual(
      RETRY_SCHEDULE_SECONDS.reduce((a: number, b: number) => a + b, 0) * 900,
    );
    clock += 7 * 86_400_000;
    expect(await worker().runDue()).toMatchObject({ claimed: 0 });
    expect(receiver.at('/down')).toHaveLength(MAX_ATTEMPTS);

    receiver.broken.delete('/down');
    const again = dataOf(await owner.call(webhook.redeliver, { deliveryId })).delivery;
    expect(again).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await worker().runDue()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await deliveryOf(deliveryId)).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('several instances', () => {
  let second: Database | undefined;
  afterAll(async () => second?.close());

  it('sends each delivery once when two workers claim at the same moment', async () => {
    const { endpoint } = await addEndpoint(owner, '/once', 'lock.state');
    for (let i = 0; i < 10; i++) await owner.call(webhook.sendTest, { endpointId: endpoint.endpointId });
    const first = worker();
    // On PostgreSQL the second worker has a connection of its own, as another instance would.
    second = server.databaseUrl
      ? await openDatabase({ databaseUrl: server.databaseUrl, dataDir: ':memory:' })
      : undefined;
    const other = new WebhookWorker(second?.db ?? server.app.services.database.db, first.kinds, server.app.log, {
      now: () => clock,
      batch: 6,
    });
    const mine = new WebhookWorker(server.app.services.database.db, first.kinds, server.app.log, {
      now: () => clock,
      batch: 6,
    });
    const [a, b] = await Promise.all([mine.runDue(), other.runDue()]);
    const rest = await mine.runDue();
    expect((a?.claimed ?? 0) + (b?.claimed ?? 0) + rest.claimed).toBe(10);
    const ids = receiver.at('/once').map((r) => r.headers['smartlock-event-id']);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });
});

describe('another account', () => {
  it('cannot list, read, change, send again or delete what is not its own: the same answer as none', async () => {
    const { endpoint } = await addEndpoint(owner, '/private', 'lock.state');
    const { deliveryId } = dataOf(await owner.call(webhook.sendTest, { endpointId: endpoint.endpointId })).delivery;
    const { endpointId } = endpoint;
    const missing = 2_000_000_000;
    const refusals = [
      [webhook.deliveries, { endpointId }, { endpointId: missing }],
      [webhook.redeliver, { deliveryId }, { deliveryId: missing }],
      [webhook.secret, { endpointId }, { endpointId: missing }],
      [webhook.rotateSecret, { endpointId }, { endpointId: missing }],
      [webhook.sendTest, { endpointId }, { endpointId: missing }],
      [webhook.update, { endpointId, url: 'https://attacker.example/x', events: 'lock.state' }, null],
      [webhook.remove, { endpointId }, { endpointId: missing }],
    ] as const;
    for (const [call, theirs, none] of refusals) {
      const reply = await stranger.call(call, theirs as never);
      expect(reply.body, call.path).toMatchObject({ errorCode: -1003 });
      expect(JSON.stringify(reply.body), call.path).not.toContain('whsec_');
      if (none) {
        const absent = await stranger.call(call, none as never);
        expect({ ...absent.body, description: '' }, call.path).toEqual({ ...reply.body, description: '' });
      }
    }
    expect(dataOf(await stranger.call(webhook.list, {})).list).toEqual([]);
    const mine = dataOf(await owner.call(webhook.list, {})).list.find((e) => e.endpointId === endpointId);
    expect(mine?.url).toBe(`${receiver.url}/private`);
    const log = dataOf(await owner.call(webhook.deliveries, { endpointId }));
    expect(log.list.map((d) => d.attempts)).toEqual([0]);
    await worker().runDue();
  });
});

describe('addresses and limits', () => {
  it('refuses an address it will not send to, and stores nothing', async () => {
    const before = dataOf(await owner.call(webhook.list, {})).list.length;
    const refused = {
      'ftp://example.com/hook': -3,
      'javascript:alert(1)': -3,
      'not a url': -3,
      [`https://example.com/${'a'.repeat(WEBHOOK_URL_MAX)}`]: -3,
      'http://example.com/hook': -6001,
      'https://user:secret@example.com/hook': -6001,
    };
    for (const [url, code] of Object.entries(refused)) {
      const reply = await owner.call(webhook.add, { url, events: 'lock.state' });
      expect(reply.body.errorCode, url).toBe(code);
    }
    expect((await owner.call(webhook.add, { url: `${receiver.url}/x`, events: 'lock.opened' })).body.errorCode).toBe(
      -3,
    );
    expect((await owner.call(webhook.add, { url: `${receiver.url}/x`, events: '' })).body.errorCode).toBe(-3);
    expect(dataOf(await owner.call(webhook.list, {})).list).toHaveLength(before);
  });

  it(`takes at most ${WEBHOOK_ENDPOINTS_MAX} endpoints per account`, async () => {
    const { client } = await loggedInClient(server, 'webhook-many@example.com');
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++) await addEndpoint(client, `/many/${i}`, 'lock.state');
    const over = await client.call(webhook.add, { url: 'https://example.com/one-more', events: 'lock.state' });
    expect(over.body.errorCode).toBe(-6002);
    expect(dataOf(await client.call(webhook.list, {})).list).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });
});

describe('the TTLock record callback', () => {
  it('is a delivery in the table: a restarted worker sends what the last one could not', async () => {
    await owner.call(openApi.rotateClientSecret, {});
    await owner.call(openApi.setCallbackUrl, { callbackUrl: `${receiver.url}/ttlock` });
    receiver.answers.set('/ttlock', [502]);
    expect(dataOf(await upload(1))).toMatchObject({ stored: 1 });
    // The records endpoint of the first test hears it too: two deliveries.
    expect(await worker().runDue()).toMatchObject({ claimed: 2, delivered: 1, retrying: 1 });
    await worker().stop();

    const restarted = new WebhookWorker(server.app.services.database.db, worker().kinds, server.app.log, {
      now: () => clock + 70_000,
    });
    expect(await restarted.runDue()).toMatchObject({ claimed: 1, delivered: 1 });
    const [first, second] = receiver.at('/ttlock');
    expect(second?.body).toBe(first?.body);
    expect(second?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const fields = new URLSearchParams(second?.body);
    expect(fields.get('notifyType')).toBe('1');
    expect(fields.get('lockId')).toBe(String(lockId));
    expect(JSON.parse(fields.get('records') ?? '[]')).toEqual([expect.objectContaining({ lockId, recordType: 1 })]);
  });
});

describe('the cap on waiting deliveries', () => {
  it(`queues nothing more for an endpoint with ${WEBHOOK_PENDING_MAX} deliveries waiting, counts the event as dropped, and queues again once fewer wait`, async () => {
    const busy = await loggedInClient(server, 'webhook-busy@example.com');
    const busyLock = await addLock(busy.client, 'Busy door');
    const { endpoint } = await addEndpoint(busy.client, '/busy', 'lock.unlockRecord');
    const db = server.app.services.database.db;
    // An endpoint down for days: the waiting deliveries, due long after every other test's worker run.
    await db.execute(sql`insert into webhook_deliveries (user_id, endpoint_id, kind, event_id, event_type, body, next_attempt_at)
      select ${busy.uid}, ${endpoint.endpointId}, 'webhook', 'evt_waiting_' || g, 'lock.unlockRecord', '{}', now() + interval '30 days'
      from generate_series(1, ${WEBHOOK_PENDING_MAX}) g`);
    const uploadTo = (recordId: string) =>
      busy.client.call(lockRecord.upload, {
        lockId: busyLock,
        records: JSON.stringify([{ recordId, recordType: LockRecordType.appUnlock, success: 1, lockTime: Date.now() }]),
      });
    expect(dataOf(await uploadTo('busy-1'))).toMatchObject({ stored: 1 });
    const listed = async () => dataOf(await busy.client.call(webhook.list, {}));
    const waiting = async () =>
      dataOf(await busy.client.call(webhook.deliveries, { endpointId: endpoint.endpointId })).total;
    const [full] = (await listed()).list;
    expect(full).toMatchObject({ droppedEvents: 1 });
    expect(full?.lastDroppedAt).toBeGreaterThan(0);
    expect(await waiting()).toBe(WEBHOOK_PENDING_MAX);

    await db.execute(sql`delete from webhook_deliveries where event_id = 'evt_waiting_1'`);
    expect(dataOf(await uploadTo('busy-2'))).toMatchObject({ stored: 1 });
    expect((await listed()).list[0]).toMatchObject({ droppedEvents: 1 });
    expect(await waiting()).toBe(WEBHOOK_PENDING_MAX);
    await db.execute(sql`delete from webhook_deliveries where user_id = ${busy.uid}`);
  });
});
