import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LockRecordType } from '@smartlock/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { lockRecords } from '../db/schema';
import { loggedInClient, PASSWORD } from '../test/fixtures';
import { FleetProcess } from '../test/fleetProcess';
import { startTestServer, type TestServer } from '../test/harness';
import { until } from '../test/until';

/**
 * Records a lock logs while the cloud is down reach the database once it is back: the gateway
 * forgets records only when the cloud acknowledges them as stored, and sends again what was not
 * acknowledged. Needs the external broker and PostgreSQL (the embedded broker stops with the
 * server): runs where both are available.
 */
const MQTT_URL = process.env.TEST_MQTT_URL;
const shared = Boolean(process.env.TEST_DATABASE_URL && MQTT_URL);
const OWNER = 'records-restart@example.com';
const SECRET_KEY = 'records-across-restart-secret-0123456789';

let fleet: FleetProcess | undefined;
const servers: TestServer[] = [];

afterAll(async () => {
  await fleet?.stop();
  for (const server of servers) await server.close().catch(() => undefined);
});

describe.skipIf(!shared)('records and a server restart', () => {
  it('stores every record logged while the server was down, once each', async () => {
    const first = await startTestServer({ MQTT_URL, SECRET_KEY });
    servers.push(first);
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    await first.app.services.database.db.execute(
      sql.raw(`alter sequence gateways_id_seq restart with ${2_000_000 + Math.floor(Math.random() * 1_000_000_000)}`),
    );
    await loggedInClient(first, OWNER);
    const running = FleetProcess.ofDoors({
      api: `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`,
      account: OWNER,
      password: PASSWORD,
      mqtt: MQTT_URL as string,
      state: join(mkdtempSync(join(tmpdir(), 'smartlock-restart-')), 'devices.json'),
      gateways: 1,
      latencyMs: 5,
    }).start();
    fleet = running;
    const gateways = await running.ready();
    const door = gateways[0]?.locks[0] as { lockId: number; mac: string };
    const unlock = () => running.control({ do: 'localUnlock', lock: door.mac, method: 'button' });
    const db = first.app.services.database.db;
    const buttonUnlocks = and(
      eq(lockRecords.lockId, door.lockId),
      eq(lockRecords.recordType, LockRecordType.lockButtonUnlock),
    );
    const stored = async () => (await db.select({ n: count() }).from(lockRecords).where(buttonUnlocks))[0]?.n ?? 0;

    unlock();
    await until(async () => (await stored()) >= 1, 20_000);
    // Acknowledged too: the gateway holds nothing back.
    await until(async () => (await running.unsentRecords()) === 0, 20_000);
    const before = await stored();

    // The cloud goes away (its database stays); the lock goes on logging and the gateway goes on sending.
    await first.app.close();
    for (let i = 0; i < 25; i += 1) unlock();
    // Logged while the cloud is down, none of them acknowledged.
    await until(async () => (await running.unsentRecords()) === 25, 20_000);

    const second = await startTestServer({ MQTT_URL, SECRET_KEY, DATABASE_URL: first.databaseUrl });
    servers.push(second);
    const again = second.app.services.database.db;
    const storedNow = async () =>
      (await again.select({ n: count() }).from(lockRecords).where(buttonUnlocks))[0]?.n ?? 0;
    // The gateway sends unacknowledged records again within its acknowledgement timeout.
    await until(async () => (await storedNow()) >= before + 25, 45_000);
    // Every record acknowledged: the gateway sends nothing more, and what it sent has been stored.
    await until(async () => (await running.unsentRecords()) === 0, 45_000);
    expect(await storedNow()).toBe(before + 25);
  }, 120_000);
});
