import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { user, webhook } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, PASSWORD } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { until } from '../../test/until';
import { deliveriesOfEndpoint } from './webhookDeliveryQueries';

/**
 * Two instances on one PostgreSQL database, each running its delivery worker as the product does
 * (polling, and woken by the events it stores): every delivery is sent once, by one of them.
 */
const shared = Boolean(process.env.TEST_DATABASE_URL);
const OWNER = 'webhook-instances@example.com';
const EVENTS = 30;

let first: TestServer;
let second: TestServer;
let onFirst: TestClient;
let onSecond: TestClient;
let receiver: Server;
const received: string[] = [];

describe.skipIf(!shared)('webhooks with several instances', () => {
  beforeAll(async () => {
    const running = { webhookWorker: { autoStart: true, pollMs: 200 } };
    // Instances share SECRET_KEY (docs/operations.md): each opens the endpoints' sealed secrets.
    const SECRET_KEY = 'webhook-instances-share-this-secret-0123456789';
    first = await startTestServer({ SECRET_KEY }, running);
    second = await startTestServer({ SECRET_KEY, DATABASE_URL: first.databaseUrl }, running);
    onFirst = (await loggedInClient(first, OWNER)).client;
    onSecond = second.client();
    expect((await onSecond.call(user.login, { account: OWNER, password: PASSWORD })).body.errorCode).toBe(0);
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(String(request.headers['smartlock-event-id']));
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('sends each event once, whichever instance stored it and whichever claims it', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/both`;
    const { endpoint } = dataOf(await onFirst.call(webhook.add, { url, events: 'lock.state' }));
    for (let i = 0; i < EVENTS; i++) {
      const client = i % 2 === 0 ? onFirst : onSecond;
      expect((await client.call(webhook.sendTest, { endpointId: endpoint.endpointId })).body.errorCode).toBe(0);
    }
    const db = first.app.services.database.db;
    const log = () => deliveriesOfEndpoint(db, endpoint.endpointId, { offset: 0, limit: EVENTS });
    await until(async () => (await log()).rows.every((row) => row.status === 'delivered'), 60_000);
    const { rows, total } = await log();
    expect(total).toBe(EVENTS);
    // One claim each (a second claim would have counted a second try), and one request each.
    expect(rows.map((row) => row.attempts)).toEqual(Array(EVENTS).fill(1));
    expect(received).toHaveLength(EVENTS);
    expect(new Set(received).size).toBe(EVENTS);
  }, 90_000);
});
