import {
  admin,
  ERRORS,
  LockRecordType,
  lock,
  lockRecord,
  MAP_LIVE_PATH,
  MAP_MIN_LOCKS_PER_CITY,
  type MapActivity,
  map,
} from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityUnlocks, locks } from '../../db/schema';
import { addGateway, addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import type { BucketCount } from './cityActivity';
import { computeMapActivity } from './mapActivity';
import { keptCityActivity, recomputeCityActivity } from './mapQueries';

const SYDNEY = 2147714;
const MELBOURNE = 2158177;
const BRISBANE = 2174003;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let server: TestServer;
let owner: TestClient;
let neighbour: TestClient;
let administrator: TestClient;
let sydney: number[];
let melbourne: number[];
let viaGateway: number;
let nowhere: number;

/** A seeded random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function upload(client: TestClient, lockId: number, records: object[]) {
  const reply = await client.call(lockRecord.upload, { lockId, records: JSON.stringify(records) });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return reply.body.data?.stored ?? 0;
}

async function place(client: TestClient, lockId: number, cityId: number) {
  const reply = await client.call(map.setLockLocation, { lockId, cityId });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply);
}

const activity = async () => dataOf(await server.client().call(map.getActivity));
const db = () => server.app.services.database.db;
const sorted = (rows: BucketCount[]) =>
  rows
    .filter((r) => r.count > 0)
    .map((r) => `${r.grain}|${r.bucket}|${r.cityId}|${r.method}|${r.count}`)
    .sort();

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner } = await loggedInClient(server, 'map-owner@example.com'));
  ({ client: neighbour } = await loggedInClient(server, 'map-neighbour@example.com'));
  ({ client: administrator } = await loggedInClient(server, 'map-admin@example.com'));
  sydney = [await addLock(owner, 'Harbour 1'), await addLock(owner, 'Harbour 2'), await addLock(neighbour, 'Bondi 1')];
  melbourne = [await addLock(owner, 'Yarra 1'), await addLock(owner, 'Yarra 2')];
  viaGateway = await addLock(neighbour, 'Bondi 2');
  nowhere = await addLock(owner, 'Unplaced');
  for (const id of sydney.slice(0, 2)) await place(owner, id, SYDNEY);
  await place(neighbour, sydney[2] as number, SYDNEY);
  for (const id of melbourne) await place(owner, id, MELBOURNE);
  await owner.call(admin.add, { receiverUsername: 'map-admin@example.com', lockIds: `${sydney[0]}` });
}, 60_000);
afterAll(async () => server?.close());

describe('where a lock is', () => {
  it('is the city its owner chose, else the city of its gateway, else nowhere', async () => {
    const gateway = await addGateway(neighbour, 'Bondi gateway', [viaGateway]);
    expect((await neighbour.call(lock.detail, { lockId: viaGateway })).body.data).toMatchObject({
      location: { city: null, source: 'none' },
    });
    expect(
      (await neighbour.call(map.setGatewayLocation, { gatewayId: gateway.gatewayId, cityId: SYDNEY })).body.errorCode,
    ).toBe(0);
    expect((await neighbour.call(lock.detail, { lockId: viaGateway })).body.data).toMatchObject({
      location: { city: { name: 'Sydney', country: 'AU' }, source: 'gateway' },
    });
    expect(await place(neighbour, viaGateway, BRISBANE)).toMatchObject({ source: 'lock', city: { name: 'Brisbane' } });
    expect(await place(neighbour, viaGateway, 0)).toMatchObject({ source: 'gateway', city: { name: 'Sydney' } });
  });

  it('is the owner’s to set: refused to an administrator, another account, and for an unknown city', async () => {
    const before = await db().select({ id: locks.id, cityId: locks.cityId }).from(locks);
    expect(
      (await administrator.callRaw(map.setLockLocation, { lockId: sydney[0], cityId: BRISBANE })).body.errorCode,
    ).toBe(ERRORS.noPermission.code);
    expect((await neighbour.callRaw(map.setLockLocation, { lockId: sydney[0], cityId: BRISBANE })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect((await owner.callRaw(map.setLockLocation, { lockId: sydney[0], cityId: 1 })).body.errorCode).toBe(
      ERRORS.badParameter.code,
    );
    expect(await db().select({ id: locks.id, cityId: locks.cityId }).from(locks)).toEqual(before);
    const found = await owner.call(map.searchCities, { keyword: 'Brisb' });
    expect(found.body.data?.list[0]?.cityId).toBe(BRISBANE);
    expect((await server.client().call(map.searchCities, { keyword: 'Brisb' })).body.errorCode).toBe(
      ERRORS.notLoggedIn.code,
    );
  });
});

describe('the counts the public screens show', () => {
  it('kept as records arrive equal the counts recomputed from the records, whatever comes twice or late', async () => {
    const next = random(20261124);
    const types = [
      LockRecordType.appUnlock,
      LockRecordType.passcodeUnlock,
      LockRecordType.cardUnlock,
      LockRecordType.fingerprintUnlock,
      LockRecordType.remoteUnlock,
      LockRecordType.autoLock,
      LockRecordType.appLock,
      LockRecordType.wrongPasscode,
    ];
    const now = Date.now();
    const all = [...sydney, ...melbourne, viaGateway, nowhere];
    let sent = 0;
    for (let batch = 0; batch < 12; batch++) {
      const lockId = all[Math.floor(next() * all.length)] as number;
      const records = Array.from({ length: 1 + Math.floor(next() * 25) }, () => {
        const ago = [5 * MINUTE, 50 * MINUTE, 3 * HOUR, 20 * HOUR, 3 * DAY, 40 * DAY, 500 * DAY][
          Math.floor(next() * 7)
        ] as number;
        return {
          recordId: `r${Math.floor(next() * 60)}`,
          recordType: types[Math.floor(next() * types.length)],
          success: 1,
          lockTime: now - Math.floor(next() * ago),
        };
      });
      // A lock's clock ahead of the cloud counts at the moment the cloud received it.
      records.push({
        recordId: `ahead${batch}`,
        recordType: LockRecordType.appUnlock,
        success: 1,
        lockTime: now + DAY,
      });
      sent += await upload(
        batch % 3 === 0 && lockId === sydney[0]
          ? administrator
          : lockId === viaGateway || lockId === sydney[2]
            ? neighbour
            : owner,
        lockId,
        records,
      );
      // The same records again: stored and counted once.
      await upload(lockId === viaGateway || lockId === sydney[2] ? neighbour : owner, lockId, records.slice(0, 3));
      if (batch === 6) await place(owner, melbourne[0] as number, BRISBANE);
    }
    expect(sent).toBeGreaterThan(50);
    expect(sorted(await keptCityActivity(db()))).toEqual(sorted(await recomputeCityActivity(db())));
  });

  it('shows a city once it has enough located locks, counts the others only in the totals, and names no lock', async () => {
    await db().delete(cityUnlocks);
    const now = Date.now();
    const unlock = (id: string, ago: number) => ({
      recordId: id,
      recordType: LockRecordType.appUnlock,
      success: 1,
      lockTime: now - ago,
    });
    await upload(owner, sydney[1] as number, [
      unlock('w1', 10 * MINUTE),
      unlock('w2', 2 * HOUR),
      unlock('w3', 5 * DAY),
    ]);
    await upload(owner, melbourne[1] as number, [unlock('w4', 10 * MINUTE)]);
    await upload(owner, nowhere, [unlock('w5', 10 * MINUTE)]);
    const seen = await activity();
    expect(MAP_MIN_LOCKS_PER_CITY).toBe(3);
    // Sydney: two of the owner's, the neighbour's and the gateway's; Melbourne and Brisbane: one each now.
    expect(seen.cities.map((c) => c.name)).toEqual(['Sydney']);
    expect(seen.cities[0]).toMatchObject({
      country: 'AU',
      locks: 4,
      unlocks: { hour: 1, day: 2, month: 3 },
    });
    expect(seen.cities[0]?.activeLocks.hour).toBeGreaterThanOrEqual(1);
    expect(seen.totals).toMatchObject({ locks: 7, cities: 1, unlocks: { hour: 3, day: 4, month: 5 } });
    expect(seen.hourly).toHaveLength(24);
    expect(seen.hourly.reduce((n, h) => n + h.unlocks, 0)).toBe(4);
    expect(seen.methods).toEqual([{ method: 'eKey', unlocks: 4 }]);
    const text = JSON.stringify(seen);
    for (const name of ['Harbour', 'Yarra', 'Bondi', 'Unplaced', 'map-owner', 'lockId'])
      expect(text).not.toContain(name);
  });

  it('shows a city from exactly three located locks, and hides it again at two', async () => {
    const shown = async () => (await computeMapActivity(db())).cities.map((c) => c.name);
    await place(owner, melbourne[0] as number, MELBOURNE);
    await place(owner, melbourne[1] as number, MELBOURNE);
    await place(owner, nowhere, 0);
    expect(await shown()).not.toContain('Melbourne');
    await place(owner, nowhere, MELBOURNE);
    expect(await shown()).toContain('Melbourne');
    await place(owner, nowhere, 0);
    expect(await shown()).not.toContain('Melbourne');
  });

  it('streams the numbers to a public screen, with no session, as they change', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address() as { port: number };
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}${MAP_LIVE_PATH}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const events: MapActivity[] = [];
    let buffer = '';
    const readEvent = async () => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: activity') && data) return JSON.parse(data.slice(6)) as MapActivity;
          continue;
        }
        const { value } = await reader.read();
        buffer += new TextDecoder().decode(value);
      }
    };
    events.push(await readEvent());
    await upload(owner, sydney[0] as number, [
      { recordId: 'live-1', recordType: LockRecordType.cardUnlock, success: 1, lockTime: Date.now() },
    ]);
    events.push(await readEvent());
    controller.abort();
    expect((events[1]?.totals.unlocks.hour ?? 0) - (events[0]?.totals.unlocks.hour ?? 0)).toBe(1);
    expect(events[1]?.methods.map((m) => m.method)).toContain('card');
  });
});
