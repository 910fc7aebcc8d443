import {
  ERRORS,
  ekey,
  HOUR_MS,
  localHourOf,
  lock,
  type PasscodeItem,
  PasscodeStatus,
  passcode,
  RemoteOperationState,
  utcOfLocalHour,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, locks, passcodes } from '../../db/schema';
import { loggedInClient } from '../../test/fixtures';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestClient } from '../../test/harness';
import { operationEnd } from '../../test/operations';
import { until } from '../../test/until';

let setup: FleetServer;
let owner: TestClient;
let door: FleetLock;
let gatewayId: number;

beforeAll(async () => {
  setup = await startFleetServer('lock-credentials@example.com', { gateways: 1, locksPerGateway: 1, kinds: 'door' });
  owner = setup.client;
  door = setup.gateways[0]?.locks[0] as FleetLock;
  gatewayId = setup.gateways[0]?.gatewayId as number;
}, 90_000);
afterAll(async () => setup?.close());

const db = () => setup.server.app.services.database.db;

/** Tells the fleet something and waits for its answer. */
const control = (command: { do: string } & Record<string, unknown>) => setup.fleet.ask(command);

const keypad = (code: string) => control({ do: 'keypad', lock: door.mac, code });

async function getCode(params: Record<string, unknown>): Promise<PasscodeItem> {
  const reply = await owner.callRaw(passcode.get, { lockId: door.lockId, ...params });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply);
}

async function gatewayOnline(online: boolean) {
  await control({ do: online ? 'online' : 'offline', gateway: gatewayId });
  await until(async () => {
    const reply = await owner.call(lock.detail, { lockId: door.lockId });
    return reply.body.data?.gateways[0]?.isOnline === (online ? 1 : 0);
  });
}

describe('offline passcodes at the simulated lock, with the lock cut off from the cloud', () => {
  it('opens once with a once code, then never again', async () => {
    await gatewayOnline(false);
    const once = await getCode({ keyboardPwdType: 1 });
    expect((await keypad(once.keyboardPwd)).ok).toBe(true);
    const again = await keypad(once.keyboardPwd);
    expect(again).toMatchObject({ ok: false, error: 'used' });
    expect((await keypad('000000000')).ok).toBe(false);
    await gatewayOnline(true);
  });

  it('opens with a cyclic code only inside its daily window, by the lock’s own clock', async () => {
    await gatewayOnline(false);
    const [row] = await db().select().from(locks).where(eq(locks.id, door.lockId));
    const offset = row?.timezoneRawOffset ?? 0;
    // The window is the lock's current hour of its current day. The lock's clock is then set to the
    // middle of an hour of that same day, so neither an hour nor the day turns over during a check,
    // whatever the time the test runs at.
    const today = localHourOf(Date.now(), offset);
    const from = today % 24;
    const dayStart = today - from;
    const setLockClock = (hour: number) =>
      control({ do: 'drift', lock: door.mac, ms: utcOfLocalHour(dayStart + hour, offset) + HOUR_MS / 2 - Date.now() });
    const cyclic = await getCode({ keyboardPwdType: 5, cycleType: 6, cycleStartHour: from, cycleEndHour: from + 1 });
    // Inside the window.
    await setLockClock(from);
    expect((await keypad(cyclic.keyboardPwd)).ok).toBe(true);
    // Move the lock's clock two hours away from the window (later, or earlier late in the day): refused.
    await setLockClock(from < 22 ? from + 2 : from - 2);
    expect(await keypad(cyclic.keyboardPwd)).toMatchObject({ ok: false, error: 'outsideValidity' });
    // Back inside the window.
    await setLockClock(from);
    expect((await keypad(cyclic.keyboardPwd)).ok).toBe(true);
    await control({ do: 'drift', lock: door.mac, ms: 0 });
    await gatewayOnline(true);
  });
});

describe('custom passcodes through the gateway', () => {
  it('adds (adding -> normal), opens with it, deletes it (deleting -> deleted) and the lock refuses it', async () => {
    const short = await owner.call(passcode.add, { lockId: door.lockId, keyboardPwd: '73915' });
    expect(short.body.errorCode).toBe(ERRORS.passcodeLengthInvalid.code);
    const added = await owner.call(passcode.add, {
      lockId: door.lockId,
      keyboardPwd: '739153',
      keyboardPwdName: 'Gardener',
    });
    expect(added.body.errorCode, JSON.stringify(added.body)).toBe(0);
    const { passcode: item, operation } = dataOf(added);
    expect(item.status).toBe(PasscodeStatus.adding);
    expect((await operationEnd(owner, operation.operationId)).state).toBe(RemoteOperationState.success);
    const [stored] = await db().select().from(passcodes).where(eq(passcodes.id, item.keyboardPwdId));
    expect(stored?.status).toBe(PasscodeStatus.normal);
    expect((await keypad('739153')).ok).toBe(true);
    const again = await owner.call(passcode.add, { lockId: door.lockId, keyboardPwd: '739153' });
    expect(again.body.errorCode).toBe(ERRORS.passcodeExists.code);

    const removed = await owner.call(passcode.remove, {
      keyboardPwdId: item.keyboardPwdId,
    });
    expect(removed.body.errorCode, JSON.stringify(removed.body)).toBe(0);
    expect((await operationEnd(owner, dataOf(removed).operation.operationId)).state).toBe(RemoteOperationState.success);
    const [gone] = await db().select().from(passcodes).where(eq(passcodes.id, item.keyboardPwdId));
    expect(gone?.status).toBe(PasscodeStatus.deleted);
    expect((await keypad('739153')).ok).toBe(false);
  });

  it('ends add failed, update failed and delete failed when the lock refuses, keeping what it had', async () => {
    const added = await owner.call(passcode.add, {
      lockId: door.lockId,
      keyboardPwd: '55501234',
    });
    const first = dataOf(added);
    await operationEnd(owner, first.operation.operationId);
    const statusOf = async (id: number) => (await db().select().from(passcodes).where(eq(passcodes.id, id)))[0]?.status;

    await control({ do: 'fault', lock: door.mac, fault: 'reject' });
    const changed = await owner.call(passcode.change, {
      keyboardPwdId: first.passcode.keyboardPwdId,
      newKeyboardPwd: '55509876',
    });
    expect((await operationEnd(owner, changed.body.data?.operation?.operationId as string)).state).not.toBe(
      RemoteOperationState.success,
    );
    expect(await statusOf(first.passcode.keyboardPwdId)).toBe(PasscodeStatus.updateFailed);
    const [kept] = await db().select().from(passcodes).where(eq(passcodes.id, first.passcode.keyboardPwdId));
    expect(kept?.code).toBe('55501234');

    const removed = await owner.call(passcode.remove, {
      keyboardPwdId: first.passcode.keyboardPwdId,
    });
    await operationEnd(owner, dataOf(removed).operation.operationId);
    expect(await statusOf(first.passcode.keyboardPwdId)).toBe(PasscodeStatus.deleteFailed);

    const refused = await owner.call(passcode.add, {
      lockId: door.lockId,
      keyboardPwd: '55507777',
    });
    const second = dataOf(refused);
    await operationEnd(owner, second.operation.operationId);
    expect(await statusOf(second.passcode.keyboardPwdId)).toBe(PasscodeStatus.addFailed);
    await control({ do: 'fault', lock: door.mac, fault: 'none' });
    // Still the lock's: the old digits open, the refused ones do not.
    expect((await keypad('55501234')).ok).toBe(true);
    expect((await keypad('55507777')).ok).toBe(false);
  });

  it('blocks a deleted offline code at the lock even though the lock never saw it', async () => {
    const permanent = await getCode({ keyboardPwdType: 2 });
    const removed = await owner.call(passcode.remove, {
      keyboardPwdId: permanent.keyboardPwdId,
    });
    expect((await operationEnd(owner, dataOf(removed).operation.operationId)).state).toBe(RemoteOperationState.success);
    expect(await keypad(permanent.keyboardPwd)).toMatchObject({ ok: false, error: 'blocked' });
  });

  it('issues a fifth stay of the same start hour and length after four were deleted: new digits that open, the old ones stay blocked', async () => {
    const [row] = await db().select().from(locks).where(eq(locks.id, door.lockId));
    const offset = row?.timezoneRawOffset ?? 0;
    // The lock's current hour, for two days: a stay the keypad opens for now.
    const startDate = localHourOf(Date.now(), offset) * HOUR_MS - offset;
    const stay = { keyboardPwdType: 3, startDate, endDate: startDate + 48 * HOUR_MS };
    const deleted: string[] = [];
    for (let i = 0; i < 4; i++) {
      const code = await getCode(stay);
      const removed = await owner.call(passcode.remove, {
        keyboardPwdId: code.keyboardPwdId,
      });
      expect((await operationEnd(owner, dataOf(removed).operation.operationId)).state).toBe(
        RemoteOperationState.success,
      );
      deleted.push(code.keyboardPwd);
    }
    const fifth = await getCode(stay);
    expect(deleted).not.toContain(fifth.keyboardPwd);
    expect((await keypad(fifth.keyboardPwd)).ok).toBe(true);
    for (const code of deleted) expect(await keypad(code)).toMatchObject({ ok: false, error: 'blocked' });
  });
});

/** A new account holding a permanent eKey for the door, sent by the owner. */
async function permanentKeyFor(account: string): Promise<{ holder: TestClient; keyId: number }> {
  const { client: holder } = await loggedInClient(setup.server, account);
  const sent = await owner.call(ekey.send, {
    lockId: door.lockId,
    receiverUsername: account,
    validityType: 1,
  });
  expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
  return { holder, keyId: dataOf(sent).keyId };
}

describe('eKeys at the simulated lock', () => {
  it('opens with the holder’s credential, and a freeze reaches the lock when its gateway comes back', async () => {
    const { holder, keyId } = await permanentKeyFor('lock-holder@example.com');
    const sync = async () => ((await holder.call(ekey.sync, {})).body.data?.list ?? []).find((k) => k.keyId === keyId);
    const credential = (await sync())?.credential as string;
    const appUnlock = (token: string) => control({ do: 'appUnlock', lock: door.mac, credential: token });
    expect((await appUnlock(credential)).ok).toBe(true);
    expect((await appUnlock(`${credential.slice(0, -2)}00`)).ok).toBe(false);

    // Frozen while the gateway is away: the lock still opens until the gateway is back.
    await gatewayOnline(false);
    expect((await owner.call(ekey.freeze, { keyId })).body.errorCode).toBe(0);
    expect((await appUnlock(credential)).ok).toBe(true);
    await gatewayOnline(true);
    await until(async () => {
      const [row] = await db().select().from(ekeys).where(eq(ekeys.id, keyId));
      return (row?.lockRevokedBelow ?? 0) >= (row?.version ?? 1);
    });
    expect(await appUnlock(credential)).toMatchObject({ ok: false, error: 'revoked' });
    expect((await sync())?.credential).toBeNull();

    // Unfrozen: the holder's next sync brings a newer credential that opens again.
    await owner.call(ekey.unfreeze, { keyId });
    const renewed = (await sync())?.credential as string;
    expect((await appUnlock(renewed)).ok).toBe(true);

    // Deleted: refused for good.
    await owner.call(ekey.remove, { keyId });
    await until(async () => {
      const [row] = await db().select().from(ekeys).where(eq(ekeys.id, keyId));
      return (row?.lockRevokedBelow ?? 0) > 1_000_000;
    });
    expect(await appUnlock(renewed)).toMatchObject({ ok: false, error: 'revoked' });
  });

  it('lets a holder unlock remotely only when their key allows it', async () => {
    const { holder, keyId } = await permanentKeyFor('remote-holder@example.com');
    await holder.call(ekey.sync, {});
    expect((await holder.call(lock.unlock, { lockId: door.lockId })).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await owner.call(ekey.update, { keyId, remoteEnable: 1 })).body.errorCode).toBe(0);
    const started = await holder.call(lock.unlock, { lockId: door.lockId });
    expect(started.body.errorCode, JSON.stringify(started.body)).toBe(0);
    expect((await operationEnd(holder, dataOf(started).operationId)).state).toBe(RemoteOperationState.success);
    // Still not a manager: settings stay out of reach.
    expect((await holder.call(lock.rename, { lockId: door.lockId, lockName: 'Mine' })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
  });
});
