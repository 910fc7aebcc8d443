import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LockRecordType } from '@smartlock/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockRecords } from '../db/schema';
import { metricSamples } from '../ops/metricSamples';
import { loggedInClient, PASSWORD } from '../test/fixtures';
import { type FleetGateway, FleetProcess } from '../test/fleetProcess';
import { startTestServer, type TestServer } from '../test/harness';
import { metricsTextOf } from '../test/metricsText';
import { type ServerProcess, startServerProcess } from '../test/serverProcess';
import { until } from '../test/until';

/**
 * Three server instances on one PostgreSQL database and Mosquitto (MQTT 5 shared subscriptions),
 * 100 simulated gateways streaming records: each gateway message is handled by one instance, and
 * an instance killed while it holds messages loses none of the records in them. Runs where both
 * are available (npm test provides them when they are running).
 */
const MQTT_URL = process.env.TEST_MQTT_URL;
const shared = Boolean(process.env.TEST_DATABASE_URL && MQTT_URL);
const OWNER = 'shared-gateway-work@example.com';
const SECRET_KEY = 'three-instances-share-the-gateways-0123456789';
const GATEWAYS = 100;
/** Wrong passcodes typed at each lock per round: one refusal record each. */
const PER_LOCK = 3;
/** What the instances do with the gateways' event topic, by kind (status is every instance's). */
const EVENT_KINDS = ['reply', 'progress', 'state', 'records', 'reach'] as const;

let first: TestServer;
let second: TestServer;
let third: ServerProcess;
let fleet: FleetProcess;
let gateways: FleetGateway[];
let observer: MqttClient;

/** What an observer on the broker (a plain subscription, no group) saw on the gateways' event topics. */
const seen = new Map<number, Map<string, number>>();
/** Each record id the observer saw, with how many records events carried it (lock MAC + id). */
const carried = new Map<string, number>();

function observe(topic: string, payload: Buffer): void {
  const gatewayId = Number(/^gw\/([0-9]+)\/evt$/.exec(topic)?.[1]);
  if (!gatewayId) return;
  const message = JSON.parse(payload.toString('utf8')) as {
    kind: string;
    name?: string;
    lockMac?: string;
    data?: { records?: { recordId: string }[] };
  };
  const kind = message.kind === 'event' ? (message.name ?? '') : message.kind;
  const kinds = seen.get(gatewayId) ?? new Map<string, number>();
  seen.set(gatewayId, kinds);
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  for (const record of message.data?.records ?? []) {
    const key = `${message.lockMac}/${record.recordId}`;
    carried.set(key, (carried.get(key) ?? 0) + 1);
  }
}

/** Records the observer saw carried by more than one records event: sent again. */
const resentRecords = () => [...carried.values()].filter((n) => n > 1).length;

/** What the observer saw of this test's gateways, by kind. */
function sent(kind: string): number {
  return gateways.reduce((n, g) => n + (seen.get(g.gatewayId)?.get(kind) ?? 0), 0);
}

/** The gateway messages each instance handled, by kind, as its /metrics says. */
async function handledBy(instance: TestServer | ServerProcess): Promise<Map<string, number>> {
  const text = 'app' in instance ? await metricsTextOf(instance) : await (await fetch(`${instance.url}metrics`)).text();
  return metricSamples(text, 'smartlock_gateway_messages_total', 'kind') ?? new Map();
}

/** Every lock's keypad refuses `PER_LOCK` wrong passcodes: as many records per lock. */
function typeWrongPasscodes(round: number): void {
  for (const gateway of gateways) {
    for (const lock of gateway.locks) {
      for (let i = 0; i < PER_LOCK; i++) {
        const credential = String(100000 + round * 1000 + i);
        fleet.control({ do: 'localUnlock', lock: lock.mac, method: 'passcode', credential, valid: false });
      }
    }
  }
}

async function storedRefusals(): Promise<number> {
  const lockIds = gateways.flatMap((g) => g.locks.map((l) => l.lockId));
  const [row] = await first.app.services.database.db
    .select({ n: count() })
    .from(lockRecords)
    .where(and(inArray(lockRecords.lockId, lockIds), eq(lockRecords.recordType, LockRecordType.wrongPasscode)));
  return row?.n ?? 0;
}

describe.skipIf(!shared)('three instances sharing the gateways on an MQTT 5 broker', () => {
  beforeAll(async () => {
    first = await startTestServer({ MQTT_URL, SECRET_KEY });
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const db = first.app.services.database.db;
    // Gateway ids far from other runs' on the same broker (gateway user names are gw-<id>).
    await db.execute(
      sql.raw(`alter sequence gateways_id_seq restart with ${3_000_000 + Math.floor(Math.random() * 1_000_000_000)}`),
    );
    const databaseUrl = first.databaseUrl as string;
    const group = first.app.services.devices.link.shareGroup as string;
    // The other two start while the fleet registers through the first (the instances share the
    // gateways from whenever they join). The third is a process of its own, so it can be killed outright.
    const starting = Promise.all([
      startTestServer({ MQTT_URL, SECRET_KEY, DATABASE_URL: databaseUrl }),
      startServerProcess(databaseUrl, { MQTT_URL: MQTT_URL as string, SECRET_KEY, MQTT_SHARE_GROUP: group }),
    ]);
    await loggedInClient(first, OWNER);
    observer = await mqtt.connectAsync(MQTT_URL as string, {
      clientId: `observer-${randomBytes(6).toString('hex')}`,
      reconnectPeriod: 0,
    });
    observer.on('message', observe);
    await observer.subscribeAsync('gw/+/evt', { qos: 1 });
    fleet = FleetProcess.ofDoors({
      api: `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`,
      account: OWNER,
      password: PASSWORD,
      mqtt: MQTT_URL as string,
      state: join(mkdtempSync(join(tmpdir(), 'smartlock-shared-')), 'devices.json'),
      gateways: GATEWAYS,
      latencyMs: 5,
      extra: ['--no-remote-unlock'],
    }).start();
    [[second, third], gateways] = await Promise.all([starting, fleet.ready()]);
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await observer?.endAsync();
    await third?.kill();
    await second?.close();
    await first?.close();
  });

  it('shares the event topic in one group on every instance', () => {
    for (const server of [first, second]) {
      expect(server.app.services.devices.link.protocolVersion).toBe(5);
      expect(server.app.services.devices.link.shareGroup).toBe(first.app.services.devices.link.shareGroup);
    }
  });

  it('handles each gateway message on exactly one instance and stores every record once', async () => {
    typeWrongPasscodes(1);
    await until(async () => (await storedRefusals()) >= GATEWAYS * PER_LOCK, 30_000);
    // Acknowledged end to end: the gateways hold nothing back.
    await until(async () => (await fleet.unsentRecords()) === 0, 30_000);
    expect(await storedRefusals()).toBe(GATEWAYS * PER_LOCK);

    const total = () => EVENT_KINDS.reduce((n, kind) => n + sent(kind), 0);
    let handled: Map<string, number>[] = [];
    await until(async () => {
      handled = await Promise.all([handledBy(first), handledBy(second), handledBy(third)]);
      return handled.reduce((n, byKind) => n + EVENT_KINDS.reduce((m, k) => m + (byKind.get(k) ?? 0), 0), 0) >= total();
    }, 15_000);
    for (const kind of EVENT_KINDS) {
      expect(
        handled.reduce((n, byKind) => n + (byKind.get(kind) ?? 0), 0),
        kind,
      ).toBe(sent(kind));
    }
    // Every instance took its share of the records.
    for (const byKind of handled) expect(byKind.get('records') ?? 0).toBeGreaterThan(0);
    console.log(
      `gateway messages handled per instance (records events): ${handled.map((h) => h.get('records') ?? 0).join(' / ')}` +
        ` of ${sent('records')} sent; all kinds: ${handled
          .map((h) => EVENT_KINDS.reduce((n, k) => n + (h.get(k) ?? 0), 0))
          .join(' / ')} of ${total()}`,
    );
  }, 60_000);

  it('loses no record when an instance is killed holding messages: the gateways send them again', async () => {
    const before = sent('records');
    const resentBefore = resentRecords();
    // Frozen, the third instance takes its share of what the broker hands out and handles none of it.
    third.child.kill('SIGSTOP');
    typeWrongPasscodes(2);
    // Every lock has sent its first batch of the round: a share of them went to the frozen instance.
    await until(() => sent('records') >= before + GATEWAYS, 20_000);
    await third.kill();
    // The batches it never acknowledged come again within the gateways' acknowledgement timeout,
    // to the instances left.
    await until(async () => (await storedRefusals()) >= 2 * GATEWAYS * PER_LOCK, 45_000);
    await until(async () => (await fleet.unsentRecords()) === 0, 45_000);
    expect(await storedRefusals()).toBe(2 * GATEWAYS * PER_LOCK);
    const resent = resentRecords() - resentBefore;
    expect(resent).toBeGreaterThan(0);
    console.log(`records sent again after the instance holding them was killed: ${resent}`);
  }, 90_000);
});
