import { ERRORS, gateway, lock, user, ValidationCodeType } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayLocks, gateways, locks } from '../../db/schema';
import { addGateway, addLock, brokerAccepts } from '../../test/devices';
import { latestCode, loggedInClient, PASSWORD } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const db = () => server.app.services.database.db;

describe('the gateway screen', () => {
  it('lists only the caller’s gateways, with their locks, searchable by name', async () => {
    const { client } = await loggedInClient(server, 'gwlist@example.com');
    const front = await addLock(client, 'Front door');
    const back = await addLock(client, 'Back door');
    const lobby = await addGateway(client, 'Lobby gateway', [front, back]);
    await addGateway(client, 'Garage gateway', [back]);
    const other = (await loggedInClient(server, 'gwlist-other@example.com')).client;
    await addGateway(other, 'Not yours');

    const listed = await client.call(gateway.list, {});
    expect(listed.body.data?.total).toBe(2);
    expect(listed.body.data?.list.map((g) => [g.gatewayName, g.lockNum, g.isOnline])).toEqual([
      ['Garage gateway', 1, 0],
      ['Lobby gateway', 2, 0],
    ]);
    const searched = await client.call(gateway.list, { gatewayName: 'lob' });
    expect(searched.body.data?.list.map((g) => g.gatewayName)).toEqual(['Lobby gateway']);
    const wildcard = await client.call(gateway.list, { gatewayName: '%' });
    expect(wildcard.body.data?.list).toEqual([]);

    const locksBehind = await client.call(gateway.listLock, {
      gatewayId: lobby.gatewayId,
    });
    expect(locksBehind.body.data?.list.map((l) => [l.lockName, l.signalGrade])).toEqual([
      ['Back door', 3],
      ['Front door', 3],
    ]);
    const peek = await other.call(gateway.listLock, { gatewayId: lobby.gatewayId });
    expect(peek.body.errorCode).toBe(ERRORS.noPermission.code);
  });

  it('never lets a gateway reach another account’s lock', async () => {
    const { client } = await loggedInClient(server, 'reach@example.com');
    const mine = await addLock(client, 'Mine');
    const gw = await addGateway(client, 'Reach gateway', [mine]);
    const other = (await loggedInClient(server, 'reach-other@example.com')).client;
    const theirs = await addLock(other, 'Theirs');
    const reply = await client.call(gateway.updateLockReach, {
      gatewayId: gw.gatewayId,
      locks: JSON.stringify([
        { lockId: mine, rssi: -50 },
        { lockId: theirs, rssi: -50 },
      ]),
    });
    expect(reply.body.errorCode).toBe(ERRORS.noPermission.code);
    const rows = await db().select().from(gatewayLocks).where(eq(gatewayLocks.gatewayId, gw.gatewayId));
    expect(rows.map((r) => [r.lockId, r.rssi])).toEqual([[mine, -60]]);
    const bad = await client.call(gateway.updateLockReach, { gatewayId: gw.gatewayId, locks: 'not json' });
    expect(bad.status).toBe(400);
  });

  it('renames a gateway with a valid name, and only the owner can', async () => {
    const { client } = await loggedInClient(server, 'rename@example.com');
    const gw = await addGateway(client, 'Old name');
    expect(
      (await client.call(gateway.rename, { gatewayId: gw.gatewayId, gatewayName: 'New name' })).body.errorCode,
    ).toBe(0);
    expect((await client.call(gateway.rename, { gatewayId: gw.gatewayId, gatewayName: '<b>x</b>' })).status).toBe(400);
    expect((await client.call(gateway.rename, { gatewayId: gw.gatewayId, gatewayName: '' })).status).toBe(400);
    const other = (await loggedInClient(server, 'rename-other@example.com')).client;
    const stolen = await other.call(gateway.rename, { gatewayId: gw.gatewayId, gatewayName: 'Mine now' });
    expect(stolen.body.errorCode).toBe(ERRORS.noPermission.code);
    const [row] = await db().select().from(gateways).where(eq(gateways.id, gw.gatewayId));
    expect(row?.name).toBe('New name');
  });

  it('deletes a gateway: its credentials stop opening the broker', async () => {
    const { client } = await loggedInClient(server, 'delete@example.com');
    const lockId = await addLock(client, 'Door');
    const gw = await addGateway(client, 'Doomed', [lockId]);
    expect(await brokerAccepts(server.app.services.devices.broker?.port, gw.username, gw.secret)).toBe(true);
    const other = (await loggedInClient(server, 'delete-other@example.com')).client;
    expect((await other.call(gateway.remove, { gatewayId: gw.gatewayId })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect((await client.call(gateway.remove, { gatewayId: gw.gatewayId })).body.errorCode).toBe(0);
    expect(await brokerAccepts(server.app.services.devices.broker?.port, gw.username, gw.secret)).toBe(false);
    expect(await db().select().from(gatewayLocks).where(eq(gatewayLocks.gatewayId, gw.gatewayId))).toEqual([]);
    const [kept] = await db().select().from(locks).where(eq(locks.id, lockId));
    expect(kept?.name).toBe('Door');
  });

  it('transfers gateways only with the password and a code sent to the caller, permanently', async () => {
    const { client } = await loggedInClient(server, 'giver@example.com');
    const lockId = await addLock(client, 'Giver door');
    const gw = await addGateway(client, 'Given away', [lockId]);
    const { client: receiver, uid: receiverId } = await loggedInClient(server, 'receiver@example.com');

    const sent = await client.call(user.sendValidationCode, {
      account: 'giver@example.com',
      type: ValidationCodeType.transferLock,
    });
    expect(sent.body.errorCode).toBe(0);
    const code = await latestCode(server, 'giver@example.com');
    const base = { gatewayIdList: String(gw.gatewayId), receiverUsername: 'receiver@example.com' };

    const wrongPassword = await client.call(gateway.transfer, {
      ...base,
      password: 'Wrong#2026x',
      validationCode: code,
    });
    expect(wrongPassword.body.errorCode).toBe(ERRORS.wrongPasswordConfirmation.code);
    const wrongCode = await client.call(gateway.transfer, {
      ...base,
      password: PASSWORD,
      validationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
    const nobody = await client.call(gateway.transfer, {
      ...base,
      receiverUsername: 'nobody-here@example.com',
      password: PASSWORD,
      validationCode: code,
    });
    expect(nobody.body.errorCode).toBe(ERRORS.accountNotRegistered.code);
    const [unchanged] = await db().select().from(gateways).where(eq(gateways.id, gw.gatewayId));
    expect(unchanged?.ownerId).not.toBe(receiverId);

    const done = await client.call(gateway.transfer, { ...base, password: PASSWORD, validationCode: code });
    expect(done.body.errorCode, JSON.stringify(done.body)).toBe(0);
    const giverList = await client.call(gateway.list, {});
    expect(giverList.body.data?.total).toBe(0);
    const receiverList = await receiver.call(gateway.list, {});
    expect(receiverList.body.data?.list).toMatchObject([{ gatewayName: 'Given away', lockNum: 0 }]);
    const again = await client.call(gateway.transfer, { ...base, password: PASSWORD, validationCode: code });
    expect(again.body.errorCode).toBe(ERRORS.noPermission.code);
  });
});

describe('remote operations refused before anything is sent', () => {
  it('needs remote unlock switched on, an online gateway, a lock of the caller, and the right kind of lock', async () => {
    const { client } = await loggedInClient(server, 'refusals@example.com');
    const lockId = await addLock(client, 'Refusing door');
    await addGateway(client, 'Offline gateway', [lockId]);
    const off = await client.call(lock.unlock, { lockId });
    expect(off.body.errorCode).toBe(ERRORS.remoteUnlockNotEnabled.code);

    await db()
      .update(locks)
      .set({ switches: { remoteUnlock: 1 } })
      .where(eq(locks.id, lockId));
    const noGateway = await client.call(lock.unlock, { lockId });
    expect(noGateway.body.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);
    const stateNoGateway = await client.call(lock.queryState, { lockId });
    expect(stateNoGateway.body.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);

    const other = (await loggedInClient(server, 'refusals-other@example.com')).client;
    expect((await other.call(lock.unlock, { lockId })).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await other.call(lock.unlock, { lockId: 999_999 })).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await client.call(lock.unlock, { lockId: '01' })).status).toBe(400);

    const barrier = await addLock(client, 'Bay 7', ['parkingLock']);
    expect((await client.call(lock.unlock, { lockId: barrier })).body.errorCode).toBe(
      ERRORS.operationNotSupported.code,
    );
    expect((await client.call(lock.controlParkingLock, { lockId, action: 'raising' })).body.errorCode).toBe(
      ERRORS.operationNotSupported.code,
    );
    const badSwitch = await client.call(lock.updateSetting, { lockId, type: 'remoteUnlock', value: 0 });
    expect(badSwitch.body.errorCode).toBe(ERRORS.badParameter.code);
  });
});
