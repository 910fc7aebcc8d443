import {
  ALL_CALLS,
  admin as adminCalls,
  DaylightSavingReminder,
  ERRORS,
  lock,
  RemoteOperationState,
  RoomStatus,
  Switch,
} from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test/fixtures';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestClient } from '../../test/harness';
import { operate } from '../../test/operations';
import { until } from '../../test/until';

let setup: FleetServer;
let client: TestClient;
beforeAll(async () => {
  setup = await startFleetServer('settings-owner@example.com', {
    gateways: 1,
    locksPerGateway: 3,
    kinds: 'door,hotel,parking',
  });
  client = setup.client;
}, 90_000);
afterAll(async () => setup?.close());

const lockOf = (kind: string) => setup.gateways[0]?.locks.find((l) => l.kind === kind) as FleetLock;
type Detail = {
  lockName: string;
  autoLockTime: number;
  timezoneRawOffset: number;
  roomStatus: number;
  daylightSavingReminder: number;
  switches: Record<string, number>;
  passageModeConfig: { passageMode: number; periods: unknown[] };
  gateways: { isOnline: number }[];
  lockNumber: string;
  firmware: string;
};
async function detail(lockId: number): Promise<Detail> {
  const reply = await client.call(lock.detail, { lockId });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply);
}

describe('lock settings, each through the simulated lock', () => {
  it('shows the lock’s labels and the gateways reaching it', async () => {
    const door = await detail(lockOf('door').lockId);
    expect(door.lockNumber).toMatch(/^S31/);
    expect(door.autoLockTime).toBe(10);
    // Reported by the gateway when it connected: the hotel lock's own switches.
    expect((await detail(lockOf('hotel').lockId)).switches).toMatchObject({ hotelMode: 1, remoteUnlock: 1 });
    expect(door.firmware).not.toBe('');
    expect(door.gateways).toEqual([expect.objectContaining({ isOnline: 1 })]);
  });

  it('sets the auto-lock time; 4 and 901 are refused and change nothing', async () => {
    const lockId = lockOf('door').lockId;
    const done = await operate(client, lock.setAutoLockTime, { lockId, seconds: 30 });
    expect(done.state).toBe(RemoteOperationState.success);
    expect((await detail(lockId)).autoLockTime).toBe(30);
    for (const seconds of [4, 901, 'ten']) {
      const refused = await client.call(lock.setAutoLockTime, { lockId, seconds });
      expect([ERRORS.autoLockTimeInvalid.code, ERRORS.badParameter.code]).toContain(refused.body.errorCode);
    }
    expect((await detail(lockId)).autoLockTime).toBe(30);
    const parking = await client.call(lock.setAutoLockTime, { lockId: lockOf('parking').lockId, seconds: 30 });
    expect(parking.body.errorCode).toBe(ERRORS.operationNotSupported.code);
  });

  it('changes the timezone; a bad one is refused and changes nothing', async () => {
    const lockId = lockOf('door').lockId;
    const done = await operate(client, lock.changeTimezoneRawOffset, { lockId, timezoneRawOffset: 5.5 * 3_600_000 });
    expect(done.state).toBe(RemoteOperationState.success);
    expect((await detail(lockId)).timezoneRawOffset).toBe(5.5 * 3_600_000);
    for (const bad of [15 * 3_600_000, -13 * 3_600_000, 1000]) {
      const refused = await client.call(lock.changeTimezoneRawOffset, { lockId, timezoneRawOffset: bad });
      expect(refused.body.errorCode).toBe(ERRORS.badParameter.code);
    }
    expect((await detail(lockId)).timezoneRawOffset).toBe(5.5 * 3_600_000);
  });

  it('configures passage mode with several periods; overlapping or inverted ones are refused', async () => {
    const lockId = lockOf('door').lockId;
    const periods = [
      { weekDays: [1, 2, 3, 4, 5], startMinute: 8 * 60, endMinute: 12 * 60 },
      { weekDays: [1, 2, 3, 4, 5], startMinute: 13 * 60, endMinute: 18 * 60 },
      { weekDays: [6, 7], startMinute: 0, endMinute: 1440 },
    ];
    const done = await operate(client, lock.configPassageMode, {
      lockId,
      passageMode: Switch.on,
      periods: JSON.stringify(periods),
    });
    expect(done.state, JSON.stringify(done)).toBe(RemoteOperationState.success);
    const config = await client.call(lock.getPassageModeConfig, {
      lockId,
    });
    expect(config.body.data).toEqual({ passageMode: Switch.on, periods });
    const overlapping = await client.call(lock.configPassageMode, {
      lockId,
      passageMode: Switch.on,
      periods: JSON.stringify([periods[0], { weekDays: [3], startMinute: 11 * 60, endMinute: 14 * 60 }]),
    });
    expect(overlapping.body.errorCode).toBe(ERRORS.passagePeriodsOverlap.code);
    const inverted = await client.call(lock.configPassageMode, {
      lockId,
      passageMode: Switch.on,
      periods: JSON.stringify([{ weekDays: [1], startMinute: 600, endMinute: 540 }]),
    });
    expect(inverted.body.errorCode).toBe(ERRORS.startNotBeforeEnd.code);
    const none = await client.call(lock.configPassageMode, { lockId, passageMode: Switch.on, periods: '[]' });
    expect(none.body.errorCode).toBe(ERRORS.selectAtLeastOneTimePeriod.code);
    expect((await detail(lockId)).passageModeConfig).toEqual({ passageMode: Switch.on, periods });
    const off = await operate(client, lock.configPassageMode, { lockId, passageMode: Switch.off, periods: '[]' });
    expect(off.state).toBe(RemoteOperationState.success);
    expect((await detail(lockId)).switches.passageMode).toBe(Switch.off);
  });

  it('sets switches, the hotel room status and the daylight-saving reminder', async () => {
    const door = lockOf('door').lockId;
    const hotel = lockOf('hotel').lockId;
    for (const type of ['unlockNotice', 'doubleVerification']) {
      const done = await operate(client, lock.updateSetting, { lockId: door, type, value: Switch.on });
      expect(done.state, type).toBe(RemoteOperationState.success);
    }
    expect((await detail(door)).switches).toMatchObject({ unlockNotice: Switch.on, doubleVerification: Switch.on });
    const checkedIn = await operate(client, lock.updateSetting, {
      lockId: hotel,
      type: 'roomStatus',
      value: RoomStatus.checkedIn,
    });
    expect(checkedIn.state).toBe(RemoteOperationState.success);
    expect((await detail(hotel)).roomStatus).toBe(RoomStatus.checkedIn);
    const notHotel = await client.call(lock.updateSetting, { lockId: door, type: 'roomStatus', value: 1 });
    expect(notHotel.body.errorCode).toBe(ERRORS.operationNotSupported.code);
    const reminder = await client.call(lock.updateSetting, {
      lockId: door,
      type: 'daylightSavingReminder',
      value: DaylightSavingReminder.enter,
    });
    expect(reminder.body.data?.state).toBe(RemoteOperationState.success);
    expect((await detail(door)).daylightSavingReminder).toBe(DaylightSavingReminder.enter);
    const badReminder = await client.call(lock.updateSetting, {
      lockId: door,
      type: 'daylightSavingReminder',
      value: 0,
    });
    expect(badReminder.body.errorCode).toBe(ERRORS.badParameter.code);
  });

  it('says "lock not connected to gateway" for a setting when the gateway is away, and keeps the old value', async () => {
    const lockId = lockOf('door').lockId;
    const gatewayId = setup.gateways[0]?.gatewayId as number;
    setup.fleet.control({ do: 'offline', gateway: gatewayId });
    await setup.fleet.waitFor((l) => l.event === 'offline' && l.gatewayId === gatewayId);
    // Once the cloud has heard it go (its offline status), as the console shows it:
    await until(async () => (await detail(lockId)).gateways.every((g) => g.isOnline === 0));
    const reply = await client.call(lock.setAutoLockTime, { lockId, seconds: 60 });
    expect(reply.body.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);
    expect((await detail(lockId)).autoLockTime).toBe(30);
    setup.fleet.control({ do: 'online', gateway: gatewayId });
    await setup.fleet.waitFor((l) => l.event === 'online' && l.gatewayId === gatewayId);
    // Back for the tests after this one once the cloud has heard it.
    await until(async () => (await detail(lockId)).gateways.some((g) => g.isOnline === 1));
  });

  it('renames a lock with a valid name only', async () => {
    const lockId = lockOf('door').lockId;
    expect((await client.call(lock.rename, { lockId, lockName: 'Main entrance' })).body.errorCode).toBe(0);
    expect((await client.call(lock.rename, { lockId, lockName: '<script>' })).status).toBe(400);
    expect((await detail(lockId)).lockName).toBe('Main entrance');
  });
});

describe('an authorized administrator', () => {
  it('sets a setting through the owner’s gateway, lists the lock for remote operations, and unlocks by link until deauthorized', async () => {
    const { client: admin, uid } = await loggedInClient(setup.server, 'settings-admin@example.com');
    const lockId = lockOf('door').lockId;
    const added = await client.call(adminCalls.add, {
      receiverUsername: 'settings-admin@example.com',
      lockIds: `${lockId}`,
    });
    expect(added.body.data?.count, JSON.stringify(added.body)).toBe(1);
    const done = await operate(admin, lock.setAutoLockTime, { lockId, seconds: 45 });
    expect(done.state).toBe(RemoteOperationState.success);
    expect((await detail(lockId)).autoLockTime).toBe(45);
    const remote = await admin.call(lock.listForRemoteOperation, {});
    expect(remote.body.data?.list).toEqual([expect.objectContaining({ lockId, hasGateway: 1 })]);
    const made = await admin.call(lock.createUnlockLink, { lockId, validMinutes: 5 });
    const token = dataOf(made).token;
    const visitor = setup.server.client();
    const opened = await visitor.call(lock.unlockByLink, { token });
    expect(opened.body.data?.state, JSON.stringify(opened.body)).toBe(RemoteOperationState.success);
    await operate(client, lock.lockBolt, { lockId });
    const taken = await client.call(adminCalls.remove, { adminUid: uid });
    expect(taken.body.data?.count).toBe(1);
    expect((await visitor.call(lock.unlockByLink, { token })).body.errorCode).toBe(ERRORS.unlockLinkInvalid.code);
    expect((await admin.call(lock.setAutoLockTime, { lockId, seconds: 30 })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect((await operate(client, lock.setAutoLockTime, { lockId, seconds: 30 })).state).toBe(
      RemoteOperationState.success,
    );
  });
});

describe('a stranger', () => {
  it('gets no permission on every lock call', async () => {
    const stranger = (await loggedInClient(setup.server, 'settings-stranger@example.com')).client;
    const lockId = lockOf('door').lockId;
    const lockCalls = ALL_CALLS.filter(
      (call) =>
        call.auth === 'session' && 'shape' in call.params && 'lockId' in (call.params as { shape: object }).shape,
    );
    expect(lockCalls.length).toBeGreaterThan(12);
    const valid: Record<string, Record<string, string | number>> = {
      '/lock/rename': { lockName: 'Mine now' },
      '/lock/setAutoLockTime': { seconds: 30 },
      '/lock/setEKeyCredentialMaxAge': { days: 3 },
      '/lock/changeTimezoneRawOffset': { timezoneRawOffset: 0 },
      '/lock/configPassageMode': { passageMode: 2, periods: '[]' },
      '/lock/updateSetting': { type: 'unlockNotice', value: 1 },
      '/lock/controlParkingLock': { action: 'raising' },
      '/lock/createUnlockLink': { validMinutes: 5 },
      '/ekey/send': { receiverUsername: 'settings-owner@example.com', validityType: 1 },
      '/passcode/get': { keyboardPwdType: 2 },
      '/passcode/add': { keyboardPwd: '246813' },
      '/card/add': { cardNumber: '12345678' },
      '/keyfob/add': { keyFobNumber: 'ABCDEF' },
      '/face/add': { name: 'Mina Lee', idNumber: 'P1234567' },
      '/hotel/setLockRoom': { building: 1, floor: 1 },
      '/lock/updateFaceAuthFrequency': { frequency: 2 },
      '/lockRecord/upload': {
        records: JSON.stringify([{ recordId: '1', recordType: 4, success: 1, lockTime: Date.now() }]),
      },
      '/lock/export': { startDate: Date.now() - 86_400_000, endDate: Date.now() },
      '/template/list': { channel: 'sms' },
      '/stay/feedAdd': { url: 'http://127.0.0.1:1/calendar.ics' },
      '/stay/setInstructions': { text: 'The key safe is left of the door.' },
      '/lock/setLocation': { cityId: 2147714 },
      '/access/lock': { startDate: Date.now() },
    };
    for (const call of lockCalls) {
      const reply = await stranger.call(call, { lockId, ...(valid[call.path] ?? {}) });
      expect(reply.body.errorCode, call.path).toBe(ERRORS.noPermission.code);
    }
    expect((await detail(lockId)).lockName).toBe('Main entrance');
  });
});
