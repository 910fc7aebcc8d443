import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ACCESS_TOKEN_COOKIE,
  LockState,
  lock,
  type RemoteOperation,
  RemoteOperationState,
  user,
} from '@smartlock/contract';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locks } from '../db/schema';
import { metricSamples } from '../ops/metricSamples';
import { loggedInClient, PASSWORD } from '../test/fixtures';
import { type FleetGateway, FleetProcess } from '../test/fleetProcess';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { LiveStream } from '../test/liveStream';
import { metricsTextOf } from '../test/metricsText';
import { operationEnd } from '../test/operations';
import { until } from '../test/until';

/**
 * Two server instances sharing one PostgreSQL database and one external MQTT broker (Mosquitto):
 * runs where both are available (npm test provides them when they are running).
 */
const MQTT_URL = process.env.TEST_MQTT_URL;
const shared = Boolean(process.env.TEST_DATABASE_URL && MQTT_URL);
const OWNER = 'two-instances@example.com';
const SECRET_KEY = 'several-instances-share-this-secret-0123456789';

let first: TestServer;
let second: TestServer;
let fleet: FleetProcess;
let gateways: FleetGateway[];
let onFirst: TestClient;
let onSecond: TestClient;

const urlOf = (server: TestServer) => `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;

describe.skipIf(!shared)('several server instances on one broker and database', () => {
  beforeAll(async () => {
    first = await startTestServer({ MQTT_URL, SECRET_KEY, REMOTE_OPERATION_SECONDS: 5 });
    second = await startTestServer({
      MQTT_URL,
      SECRET_KEY,
      DATABASE_URL: first.databaseUrl,
      REMOTE_OPERATION_SECONDS: 5,
    });
    for (const server of [first, second]) await server.app.listen({ port: 0, host: '127.0.0.1' });
    // Gateway ids far from other runs' on the same broker (gateway user names are gw-<id>).
    await first.app.services.database.db.execute(
      sql.raw(`alter sequence gateways_id_seq restart with ${1_000_000 + Math.floor(Math.random() * 1_000_000_000)}`),
    );
    onFirst = (await loggedInClient(first, OWNER)).client;
    onSecond = second.client();
    expect((await onSecond.call(user.login, { account: OWNER, password: PASSWORD })).body.errorCode).toBe(0);
    const state = join(mkdtempSync(join(tmpdir(), 'smartlock-two-')), 'devices.json');
    fleet = FleetProcess.ofDoors({
      api: urlOf(first),
      account: OWNER,
      password: PASSWORD,
      mqtt: MQTT_URL as string,
      state: state,
      gateways: 1,
      latencyMs: 20,
    }).start();
    gateways = await fleet.ready();
    const lockId = gateways[0]?.locks[0]?.lockId as number;
    await until(async () => {
      const [row] = await first.app.services.database.db.select().from(locks).where(eq(locks.id, lockId));
      return row?.switches.remoteUnlock === 1;
    }, 30_000);
  }, 90_000);

  afterAll(async () => {
    await fleet?.stop();
    await second?.close();
    await first?.close();
  });

  it('talks MQTT 5 to the external broker', () => {
    expect(first.app.services.devices.broker).toBeUndefined();
    expect(first.app.services.devices.link.protocolVersion).toBe(5);
  });

  it('lets the broker drop a command held for an offline gateway once its deadline passed (MQTT 5 expiry)', async () => {
    const clientId = `gw-expiry-${Date.now()}`;
    const topic = `expiry-test/${clientId}/cmd`;
    const session = { clientId, clean: false, protocolVersion: 4 as const, reconnectPeriod: 0 };
    const away = await mqtt.connectAsync(MQTT_URL as string, session);
    await away.subscribeAsync(topic, { qos: 1 });
    await away.endAsync();
    const link = first.app.services.devices.link;
    await link.publish(topic, { id: 'short' }, { expirySeconds: 1 });
    await link.publish(topic, { id: 'long' }, { expirySeconds: 60 });
    // The one wait on time in these tests, because time is what is tested: the expiry runs on the
    // broker's clock (Mosquitto counts whole seconds), which nothing here can show or move. One
    // second has certainly passed for it two seconds after it took the message; a loaded machine
    // only makes this longer, never too short.
    await new Promise((r) => setTimeout(r, 2200));
    const received: string[] = [];
    // Listening before the connection is up: the broker hands over what it held at once, in order.
    const back = mqtt.connect(MQTT_URL as string, session);
    back.on('message', (_t, payload) => received.push((JSON.parse(payload.toString()) as { id: string }).id));
    // 'short' would have come before 'long' had the broker kept it.
    await until(() => received.includes('long'), 10_000);
    await back.endAsync();
    const cleanup = await mqtt.connectAsync(MQTT_URL as string, { ...session, clean: true });
    await cleanup.endAsync();
    expect(received).toEqual(['long']);
  });

  it('tells a console on one instance of an unlock started through the other, once', async () => {
    const lockId = gateways[0]?.locks[0]?.lockId as number;
    const live = await LiveStream.open(urlOf(second), `${ACCESS_TOKEN_COOKIE}=${onSecond.cookie}`);
    try {
      const started = await onFirst.call(lock.unlock, { lockId });
      expect(started.body.errorCode, JSON.stringify(started.body)).toBe(0);
      const id = dataOf(started).operationId;
      const ended = await operationEnd(onSecond, id);
      expect(ended.state).toBe(RemoteOperationState.success);
      await live.next(
        (e) =>
          e.type === 'operation' &&
          (e.data as RemoteOperation).operationId === id &&
          (e.data as RemoteOperation).state === RemoteOperationState.success,
      );
      await live.next((e) => e.type === 'lock' && (e.data as { state: number }).state === LockState.unlocked);
      // A later operation, through the other instance, followed to its end on the same channel:
      // once it is told, a second telling of the first would have come too.
      const later = await onSecond.call(lock.lockBolt, { lockId });
      expect(later.body.errorCode, JSON.stringify(later.body)).toBe(0);
      const laterId = dataOf(later).operationId;
      await live.next(
        (e) =>
          e.type === 'operation' &&
          (e.data as RemoteOperation).operationId === laterId &&
          (e.data as RemoteOperation).state !== RemoteOperationState.operating &&
          (e.data as RemoteOperation).state !== RemoteOperationState.wait,
      );
      const successes = live.events.filter(
        (e) => e.type === 'operation' && (e.data as RemoteOperation).state === RemoteOperationState.success,
      );
      expect(successes.map((e) => (e.data as RemoteOperation).operationId)).toEqual([id, laterId]);
    } finally {
      live.close();
    }
  });

  it("gives an instance an account's live messages only while it has a stream of that account open", async () => {
    const lockId = gateways[0]?.locks[0]?.lockId as number;
    const onSecondMetric = async (name: string) => metricSamples(await metricsTextOf(second), name)?.get('') ?? 0;
    const received = () => onSecondMetric('smartlock_live_messages_received_total');
    const ended = (id: string) => (e: { type: string; data: unknown }) =>
      e.type === 'operation' &&
      (e.data as RemoteOperation).operationId === id &&
      (e.data as RemoteOperation).state !== RemoteOperationState.operating &&
      (e.data as RemoteOperation).state !== RemoteOperationState.wait;
    const onFirstLive = await LiveStream.open(urlOf(first), `${ACCESS_TOKEN_COOKIE}=${onFirst.cookie}`);
    try {
      // A stream open on the second instance: what the first publishes for the account arrives there.
      const watching = await LiveStream.open(urlOf(second), `${ACCESS_TOKEN_COOKIE}=${onSecond.cookie}`);
      expect(await onSecondMetric('smartlock_live_accounts')).toBe(1);
      const before = await received();
      const started = dataOf(await onFirst.call(lock.unlock, { lockId })).operationId;
      await watching.next(ended(started));
      await until(async () => (await received()) > before);
      watching.close();
      await until(async () => (await onSecondMetric('smartlock_live_accounts')) === 0);

      // Another account's stream there: its SUBSCRIBE follows the account's UNSUBSCRIBE on the same
      // connection, so once it is ready the broker sends the account's messages there no more.
      const other = await loggedInClient(second, 'two-instances-other@example.com');
      const marker = await LiveStream.open(urlOf(second), `${ACCESS_TOKEN_COOKIE}=${other.client.cookie}`);
      try {
        const quiet = await received();
        const later = dataOf(await onFirst.call(lock.lockBolt, { lockId })).operationId;
        await onFirstLive.next(ended(later));
        // Published after the account's messages, on the same connection: it arrives after them.
        await first.app.services.live.publish(other.uid, 'records', { lockId: 0, count: 1 });
        await marker.next((e) => e.type === 'records');
        expect(await received()).toBe(quiet + 1);
      } finally {
        marker.close();
      }
    } finally {
      onFirstLive.close();
    }
  });

  it('shows a gateway going offline on every instance', async () => {
    const gatewayId = gateways[0]?.gatewayId as number;
    const live = await LiveStream.open(urlOf(first), `${ACCESS_TOKEN_COOKIE}=${onFirst.cookie}`);
    try {
      fleet.control({ do: 'offline', gateway: gatewayId });
      await live.next((e) => e.type === 'gateway' && (e.data as { isOnline: number }).isOnline === 0);
      fleet.control({ do: 'online', gateway: gatewayId });
      await live.next((e) => e.type === 'gateway' && (e.data as { isOnline: number }).isOnline === 1);
    } finally {
      live.close();
    }
  });
});
