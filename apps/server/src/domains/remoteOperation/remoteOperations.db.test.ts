import {
  ACCESS_TOKEN_COOKIE,
  ERRORS,
  gatewayTopics,
  LIVE_PATH,
  LockRecordType,
  LockState,
  lock,
  lockRecord,
  type RemoteOperation,
  RemoteOperationState,
  VipStatus,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways as gatewayRows, locks, notifications, unlockLinks, users } from '../../db/schema';
import { rootSecret } from '../../secrets';
import { deriveKey } from '../../security/crypto';
import { loggedInClient } from '../../test/fixtures';
import { type FleetGateway, FleetProcess } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestClient, type TestServer } from '../../test/harness';
import { type LiveEvent, LiveStream } from '../../test/liveStream';
import { operate, operationEnd } from '../../test/operations';
import { until } from '../../test/until';
import { setVipStatus } from '../../test/vip';

const OWNER = 'fleet-owner@example.com';
let setup: FleetServer;
let server: TestServer;
let client: TestClient;
let fleet: FleetProcess;
let gateways: FleetGateway[];
let apiUrl: string;

async function switchValue(lockId: number, name: string): Promise<number | undefined> {
  const [row] = await server.app.services.database.db.select().from(locks).where(eq(locks.id, lockId));
  return row?.switches[name];
}

beforeAll(async () => {
  setup = await startFleetServer(
    OWNER,
    { gateways: 1, locksPerGateway: 2, kinds: 'door,parking' },
    { SECRET_KEY: 'remote-operations-test-secret-0123456789' },
  );
  ({ server, client, fleet, gateways, apiUrl } = setup);
}, 90_000);

afterAll(async () => {
  setup.fleet = fleet;
  await setup?.close();
});

const door = () => gateways[0]?.locks.find((l) => l.kind === 'door') as { lockId: number; mac: string };
const barrier = () => gateways[0]?.locks.find((l) => l.kind === 'parking') as { lockId: number; mac: string };

describe('remote operations through the embedded broker and a simulated gateway', () => {
  it('unlocks remotely: the operation succeeds and the simulated bolt opens', async () => {
    const from = fleet.lines.length;
    const done = await operate(client, lock.unlock, { lockId: door().lockId });
    expect(done).toMatchObject({ name: 'unlock', state: RemoteOperationState.success, errorCode: 0 });
    expect(done.result).toMatchObject({ state: LockState.unlocked });
    await fleet.waitFor(
      (l) => l.event === 'bolt' && l.lockMac === door().mac && l.state === LockState.unlocked,
      5000,
      from,
    );
    const [row] = await server.app.services.database.db.select().from(locks).where(eq(locks.id, door().lockId));
    expect(row?.state).toBe(LockState.unlocked);

    const locked = await operate(client, lock.lockBolt, { lockId: door().lockId });
    expect(locked.result).toMatchObject({ state: LockState.locked });
  });

  it('counts each ended operation, the connected gateways and the calls’ latency in the metrics', async () => {
    await operate(client, lock.unlock, { lockId: door().lockId });
    const text = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    const unlocks = text.match(
      /^smartlock_remote_operations_total\{operation="unlock",outcome="success",reason=""\} (\d+)$/m,
    );
    expect(Number(unlocks?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^smartlock_gateways_connected 1$/m);
    expect(text).toMatch(
      /^smartlock_http_request_duration_seconds_count\{method="POST",route="\/api\/lock\/unlock",status="200"\} \d+$/m,
    );
  });

  it('lists the locks a gateway reaches for remote operation, with switch, kind and gateway link', async () => {
    const listed = await client.call(lock.listForRemoteOperation, {});
    expect(listed.body.data?.total).toBe(2);
    const byId = new Map(listed.body.data?.list.map((l) => [l.lockId, l]));
    expect(byId.get(door().lockId)).toMatchObject({ remoteUnlock: 1, isParkingLock: false, hasGateway: 1 });
    expect(byId.get(barrier().lockId)).toMatchObject({ isParkingLock: true, hasGateway: 1 });
    expect(byId.get(door().lockId)?.signalGrade).toBeGreaterThan(0);
    const stranger = (await loggedInClient(server, 'remote-list-stranger@example.com')).client;
    const theirs = await stranger.call(lock.listForRemoteOperation, {});
    expect(theirs.body.data?.total).toBe(0);
  });

  it('refuses remote unlock once the lock’s switch is off', async () => {
    const off = await operate(client, lock.updateSetting, { lockId: door().lockId, type: 'remoteUnlock', value: 2 });
    expect(off.state).toBe(RemoteOperationState.success);
    const refused = await client.call(lock.unlock, { lockId: door().lockId });
    expect(refused.body.errorCode).toBe(ERRORS.remoteUnlockNotEnabled.code);
    const on = await operate(client, lock.updateSetting, { lockId: door().lockId, type: 'remoteUnlock', value: 1 });
    expect(on.state).toBe(RemoteOperationState.success);
    expect(await switchValue(door().lockId, 'remoteUnlock')).toBe(1);
  });

  it('raises and lowers a car-park lock, and ends failed or no-retry as the lock answers', async () => {
    const lowered = await operate(client, lock.controlParkingLock, { lockId: barrier().lockId, action: 'lowering' });
    expect(lowered.result).toMatchObject({ parking: 'lowered' });
    const [bay] = await server.app.services.database.db.select().from(locks).where(eq(locks.id, barrier().lockId));
    expect(bay).toMatchObject({ parking: 'lowered', state: LockState.unlocked });
    const raised = await operate(client, lock.controlParkingLock, { lockId: barrier().lockId, action: 'raising' });
    expect(raised.result).toMatchObject({ parking: 'raised' });
    const read = await operate(client, lock.queryState, { lockId: barrier().lockId });
    expect(read.result).toMatchObject({ parking: 'raised' });
    const [closed] = await server.app.services.database.db.select().from(locks).where(eq(locks.id, barrier().lockId));
    expect(closed).toMatchObject({ parking: 'raised', state: LockState.locked });
    fleet.control({ do: 'fault', lock: door().mac, fault: 'reject' });
    const rejected = await operate(client, lock.lockBolt, { lockId: door().lockId });
    expect(rejected).toMatchObject({
      state: RemoteOperationState.failed,
      errorCode: ERRORS.lockRejectedOperation.code,
    });
    fleet.control({ do: 'fault', lock: door().mac, fault: 'timeout' });
    const silent = await operate(client, lock.queryState, { lockId: door().lockId });
    expect(silent).toMatchObject({ state: RemoteOperationState.failed, errorCode: ERRORS.lockDidNotRespond.code });
    // Ended by its deadline (no answer came), not before it.
    expect(silent.finishedAt as number).toBeGreaterThanOrEqual(silent.deadline);
    fleet.control({ do: 'fault', lock: door().mac, fault: 'none' });
  });

  it('calibrates a drifted lock clock', async () => {
    // The drift shown is the lock's time against the cloud's when the answer came back, so it is
    // short of the true drift by the answer's way back: at most the operation's round trip, as
    // long as that is (the lock runs on this machine's clock).
    const roundTrip = (operation: RemoteOperation) => (operation.finishedAt as number) - operation.createdAt;
    fleet.control({ do: 'drift', lock: door().mac, ms: 3_600_000 });
    await fleet.waitFor((l) => l.event === 'ack' && l.do === 'drift');
    const before = await operate(client, lock.queryDate, { lockId: door().lockId });
    expect(Number(before.result?.driftMs)).toBeLessThanOrEqual(3_600_000);
    expect(Number(before.result?.driftMs)).toBeGreaterThanOrEqual(3_600_000 - roundTrip(before));
    // Set to the cloud's time when asked: behind by at most the time from asking to the answer.
    const asked = Date.now();
    const calibrated = await operate(client, lock.updateDate, { lockId: door().lockId });
    expect(calibrated.state).toBe(RemoteOperationState.success);
    const after = await operate(client, lock.queryDate, { lockId: door().lockId });
    expect(Number(after.result?.driftMs)).toBeLessThanOrEqual(0);
    expect(Number(after.result?.driftMs)).toBeGreaterThanOrEqual(
      -((calibrated.finishedAt as number) - asked) - roundTrip(after),
    );
  });

  it('keeps records a lock uploads for its owner and no one else, and tells the owner of unlocks', async () => {
    const notice = await operate(client, lock.updateSetting, { lockId: door().lockId, type: 'unlockNotice', value: 1 });
    expect(notice.state).toBe(RemoteOperationState.success);
    fleet.control({
      do: 'localUnlock',
      lock: door().mac,
      method: 'passcode',
      username: 'guest@example.com',
      credential: '123456',
    });
    fleet.control({ do: 'localUnlock', lock: door().mac, method: 'mechanicalKey' });
    fleet.control({ do: 'localUnlock', lock: door().mac, method: 'app', username: OWNER });
    const types = async () => {
      const reply = await client.call(lockRecord.list, { lockId: door().lockId, pageSize: 100 });
      return reply.body.data?.list ?? [];
    };
    await until(async () => {
      const seen = (await types()).map((r) => r.recordType);
      return [LockRecordType.passcodeUnlock, LockRecordType.mechanicalKeyUnlock, LockRecordType.appUnlock].every((t) =>
        seen.includes(t),
      );
    });
    expect((await types()).find((r) => r.recordType === LockRecordType.passcodeUnlock)).toMatchObject({
      username: 'guest@example.com',
      keyboardPwd: '123456',
    });

    const stranger = (await loggedInClient(server, 'record-stranger@example.com')).client;
    const peek = await stranger.call(lockRecord.list, { lockId: door().lockId });
    expect(peek.body.errorCode).toBe(ERRORS.noPermission.code);

    const notes = await server.app.services.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.lockId, door().lockId));
    expect(notes.map((n) => n.payload.recordType)).toEqual([LockRecordType.passcodeUnlock]);
  });
});

describe('the live channel and replayed commands', () => {
  it('tells the owner’s console live: operating, then success, then the bolt — and tells no one else', async () => {
    const lockId = door().lockId;
    const live = await LiveStream.open(apiUrl, `${ACCESS_TOKEN_COOKIE}=${client.cookie}`);
    const stranger = (await loggedInClient(server, 'live-stranger@example.com')).client;
    const theirs = await LiveStream.open(apiUrl, `${ACCESS_TOKEN_COOKIE}=${stranger.cookie}`);
    try {
      const started = await client.call(lock.unlock, { lockId });
      const id = dataOf(started).operationId;
      const isOperation = (state: number) => (e: LiveEvent) =>
        e.type === 'operation' &&
        (e.data as RemoteOperation).operationId === id &&
        (e.data as RemoteOperation).state === state;
      await live.next(isOperation(RemoteOperationState.operating));
      await live.next(isOperation(RemoteOperationState.success));
      await live.next(
        (e) =>
          e.type === 'lock' &&
          (e.data as { lockId: number; state: number }).lockId === lockId &&
          (e.data as { state: number }).state === LockState.unlocked,
      );
      expect(theirs.events.map((e) => e.type)).toEqual(['ready']);
    } finally {
      live.close();
      theirs.close();
    }
    await operate(client, lock.lockBolt, { lockId });
    const anonymous = await fetch(new URL(LIVE_PATH, apiUrl));
    expect(anonymous.status).toBe(401);
  });

  it('does not run a replayed command twice', async () => {
    const lockId = door().lockId;
    const gatewayId = gateways[0]?.gatewayId as number;
    const cloudSecret = deriveKey(rootSecret(server.app.services.config), 'mqtt-cloud').toString('hex');
    const spy = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.app.services.devices.broker?.port}`, {
      username: 'cloud',
      password: cloudSecret,
      clientId: 'cloud-replay-test',
    });
    const captured: Buffer[] = [];
    spy.on('message', (_topic, payload) => captured.push(payload));
    await spy.subscribeAsync(gatewayTopics(gatewayId).commands, { qos: 1 });
    try {
      const unlocked = await operate(client, lock.unlock, { lockId });
      expect(unlocked.state).toBe(RemoteOperationState.success);
      await operate(client, lock.lockBolt, { lockId });
      const original = captured.find((p) => JSON.parse(p.toString()).id === unlocked.operationId) as Buffer;
      expect(original).toBeDefined();
      const from = fleet.lines.length;
      await spy.publishAsync(gatewayTopics(gatewayId).commands, original, { qos: 1 });
      const seen = await fleet.waitFor((l) => l.event === 'command' && l.id === unlocked.operationId, 5000, from);
      expect(seen.outcome).toBe('duplicate');
      expect(fleet.lines.slice(from).some((l) => l.event === 'bolt' && l.state === LockState.unlocked)).toBe(false);
    } finally {
      await spy.endAsync(true);
    }
  });
});

describe('batch unlock and unlock links', () => {
  it('unlocks many locks at once for an owner with the advanced function, answering per lock', async () => {
    const db = server.app.services.database.db;
    const lockIdList = `${door().lockId},${barrier().lockId}`;
    const without = await client.call(lock.batchUnlock, { lockIdList });
    expect(without.body.errorCode).toBe(ERRORS.advancedFunctionRequired.code);
    const [owner] = await db.select().from(users).where(eq(users.email, OWNER));
    await setVipStatus(db, owner?.id as number, VipStatus.trial);
    const reply = await client.call(lock.batchUnlock, { lockIdList });
    expect(reply.body.errorCode).toBe(0);
    const [first, second] = reply.body.data?.list ?? [];
    expect(first).toMatchObject({ lockId: door().lockId, errorCode: 0 });
    expect(second).toMatchObject({
      lockId: barrier().lockId,
      errorCode: ERRORS.operationNotSupported.code,
      operation: null,
    });
    const ended = await operationEnd(client, first?.operation?.operationId as string);
    expect(ended.state).toBe(RemoteOperationState.success);
    await operate(client, lock.lockBolt, { lockId: door().lockId });
    const stranger = (await loggedInClient(server, 'batch-stranger@example.com')).client;
    expect((await stranger.call(lock.batchUnlock, { lockIdList })).body.errorCode).toBe(ERRORS.noPermission.code);
  });

  it('unlocks through a link for whoever opens it, until it expires', async () => {
    const made = await client.call(lock.createUnlockLink, {
      lockId: door().lockId,
      validMinutes: 30,
    });
    expect(made.body.errorCode).toBe(0);
    const token = dataOf(made).token;
    const from = fleet.lines.length;
    const visitor = server.client();
    const opened = await visitor.call(lock.unlockByLink, { token });
    expect(opened.body.data).toMatchObject({ state: RemoteOperationState.success, lockId: door().lockId });
    await fleet.waitFor(
      (l) => l.event === 'bolt' && l.lockMac === door().mac && l.state === LockState.unlocked,
      5000,
      from,
    );
    await operate(client, lock.lockBolt, { lockId: door().lockId });

    await server.app.services.database.db
      .update(unlockLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(unlockLinks.lockId, door().lockId));
    expect((await visitor.call(lock.unlockByLink, { token })).body.errorCode).toBe(ERRORS.unlockLinkInvalid.code);
    expect((await visitor.call(lock.unlockByLink, { token: 'x'.repeat(43) })).body.errorCode).toBe(
      ERRORS.unlockLinkInvalid.code,
    );
    const stranger = (await loggedInClient(server, 'link-stranger@example.com')).client;
    expect(
      (await stranger.call(lock.createUnlockLink, { lockId: door().lockId, validMinutes: 5 })).body.errorCode,
    ).toBe(ERRORS.noPermission.code);
  });
});

describe('a gateway that vanishes mid-command', () => {
  it('ends the operation failed within its deadline, and the lock does not open when the gateway returns', async () => {
    const lockId = door().lockId;
    const locked = await operate(client, lock.lockBolt, { lockId });
    expect(locked.result).toMatchObject({ state: LockState.locked });

    fleet.freeze();
    const started = await client.call(lock.unlock, { lockId });
    expect(started.body.errorCode).toBe(0);
    const operation = dataOf(started);
    expect(operation.state).toBe(RemoteOperationState.operating);
    const ended = await operationEnd(client, operation.operationId, 10_000);
    expect(ended.state).toBe(RemoteOperationState.failed);
    // Ended by its deadline (the frozen gateway neither answered nor went offline), not before it.
    expect(ended.errorCode).toBe(ERRORS.lockDidNotRespond.code);
    expect(ended.finishedAt as number).toBeGreaterThanOrEqual(operation.deadline);

    await fleet.kill();
    // The cloud has heard the gateway go (its last will) before it comes back.
    const gatewayId = gateways[0]?.gatewayId as number;
    await until(async () => {
      const [row] = await server.app.services.database.db
        .select({ online: gatewayRows.online })
        .from(gatewayRows)
        .where(eq(gatewayRows.id, gatewayId));
      return row?.online === 0;
    });
    const from = 0;
    fleet = new FleetProcess(setup.fleetArgs()).start();
    await fleet.ready();
    const refused = await fleet.waitFor((l) => l.event === 'command' && l.id === operation.operationId, 20_000, from);
    expect(refused.outcome).toBe('expired');
    expect(fleet.lines.some((l) => l.event === 'bolt' && l.state === LockState.unlocked)).toBe(false);
    await until(async () => (await client.call(lock.listForRemoteOperation, {})).body.errorCode === 0);
    const state = await operate(client, lock.queryState, { lockId });
    expect(state.result).toMatchObject({ state: LockState.locked });
  }, 60_000);
});
