import { ERRORS, gateway, gatewayTopics, lock, user } from '@smartlock/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways, locks } from '../../db/schema';
import type { EmbeddedBroker } from '../../devices/broker';
import { brokerAccepts } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let broker: EmbeddedBroker;
beforeAll(async () => {
  server = await startTestServer();
  broker = server.app.services.devices.broker as EmbeddedBroker;
});
afterAll(async () => server.close());

const db = () => server.app.services.database.db;
const LOCK = {
  lockMac: 'aa-bb-cc-dd-ee-01',
  lockNumber: 'S31_ddee01',
  lockName: 'Front door',
  firmware: '6.1.22',
  featureValue: 'f44d5f7',
  passcodeVersion: 4,
  timezoneRawOffset: 36_000_000,
};

describe('lock and gateway registry', () => {
  it('initializes a lock for the caller, once, and keeps its secret to itself', async () => {
    const { client, uid } = await loggedInClient(server, 'lockowner@example.com');
    const reply = await client.call(lock.initialize, LOCK);
    expect(reply.body.errorCode).toBe(0);
    const [row] = await db()
      .select()
      .from(locks)
      .where(eq(locks.id, dataOf(reply).lockId));
    expect(row).toMatchObject({
      ownerId: uid,
      mac: 'AA:BB:CC:DD:EE:01',
      name: 'Front door',
      featureValue: 'F44D5F7',
      timezoneRawOffset: 36_000_000,
    });
    expect(reply.body.data?.lockSecret).toBe(row?.lockSecret);

    const stranger = (await loggedInClient(server, 'lockthief@example.com')).client;
    const again = await stranger.call(lock.initialize, { ...LOCK, lockName: 'Mine now' });
    expect(again.body.errorCode).toBe(ERRORS.lockAlreadyAdded.code);
    const [kept] = await db().select().from(locks).where(eq(locks.mac, 'AA:BB:CC:DD:EE:01'));
    expect(kept?.ownerId).toBe(uid);
  });

  it('refuses bad input and creates nothing', async () => {
    const { client } = await loggedInClient(server, 'badlock@example.com');
    const [before] = await db().select({ n: count() }).from(locks);
    for (const bad of [
      { lockMac: 'not-a-mac' },
      { lockMac: '00:00:00:00:00:00' },
      { featureValue: 'xyz' },
      { passcodeVersion: 1 },
      { timezoneRawOffset: 20 * 3_600_000 },
      { lockName: '<b>door</b>' },
      { lockName: '' },
    ]) {
      const reply = await client.call(lock.initialize, { ...LOCK, lockMac: 'AA:BB:CC:DD:EE:99', ...bad });
      expect(reply.status, JSON.stringify(bad)).toBe(400);
    }
    const [after] = await db().select({ n: count() }).from(locks);
    expect(after?.n).toBe(before?.n);
  });

  it('needs a session', async () => {
    const reply = await server.client().call(lock.initialize, LOCK);
    expect(reply.body.errorCode).toBe(ERRORS.notLoggedIn.code);
    const gw = await server
      .client()
      .call(gateway.add, { gatewayMac: 'AA:BB:CC:00:00:01', gatewayName: 'Lobby', gatewayVersion: 2 });
    expect(gw.body.errorCode).toBe(ERRORS.notLoggedIn.code);
  });

  it('adds a gateway whose issued credentials, and only those, open the broker', async () => {
    const { client, uid } = await loggedInClient(server, 'gwowner@example.com');
    const reply = await client.call(gateway.add, {
      gatewayMac: 'AA:BB:CC:00:00:01',
      gatewayName: 'Lobby',
      gatewayVersion: 2,
      networkName: 'Hotel-WiFi',
    });
    expect(reply.body.errorCode).toBe(0);
    const issued = dataOf(reply);
    expect(issued.username).toBe(`gw-${issued.gatewayId}`);
    const [row] = await db().select().from(gateways).where(eq(gateways.id, issued.gatewayId));
    expect(row).toMatchObject({ ownerId: uid, mac: 'AA:BB:CC:00:00:01', version: 2, networkName: 'Hotel-WiFi' });
    expect(row?.secretHash).not.toContain(issued.secret);

    expect(await brokerAccepts(broker.port, issued.username, issued.secret)).toBe(true);
    expect(await brokerAccepts(broker.port, issued.username, `${issued.secret}x`)).toBe(false);
    expect(await brokerAccepts(broker.port, issued.username, 'AA:BB:CC:00:00:01')).toBe(false);
    expect(gatewayTopics(issued.gatewayId).commands).toBe(`gw/${issued.gatewayId}/cmd`);

    const before = await client.call(user.getInfo);
    expect(before.body.data).toMatchObject({ hasGateway: 1, hasOnlineGateway: 0 });
    await db().update(gateways).set({ online: 1 }).where(eq(gateways.id, issued.gatewayId));
    const after = await client.call(user.getInfo);
    expect(after.body.data).toMatchObject({ hasGateway: 1, hasOnlineGateway: 1 });

    const twice = await client.call(gateway.add, {
      gatewayMac: 'aabbcc000001',
      gatewayName: 'Again',
      gatewayVersion: 3,
    });
    expect(twice.body.errorCode).toBe(ERRORS.gatewayAlreadyAdded.code);
    const badVersion = await client.call(gateway.add, {
      gatewayMac: 'AA:BB:CC:00:00:02',
      gatewayName: 'G5',
      gatewayVersion: 5,
    });
    expect(badVersion.status).toBe(400);
  });
});
