import {
  admin as adminCalls,
  EKeyStatus,
  ERRORS,
  ekey,
  gateway,
  group,
  lock,
  user,
  ValidationCodeType,
} from '@smartlock/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayLocks, gateways, lockGroupLocks, lockGroups, locks, validationCodes } from '../../db/schema';
import { addGateway, addLock } from '../../test/devices';
import { latestCode, loggedInClient, PASSWORD } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;

async function transferCode(client: TestClient, account: string): Promise<string> {
  const sent = await client.call(user.sendValidationCode, { account, type: ValidationCodeType.transferLock });
  expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
  return latestCode(server, account);
}

/** Who owns what, and what reaches and files what: a refused call must leave all of it as it was. */
async function holdings() {
  return {
    locks: await db().select({ id: locks.id, ownerId: locks.ownerId }).from(locks).orderBy(asc(locks.id)),
    gateways: await db()
      .select({ id: gateways.id, ownerId: gateways.ownerId })
      .from(gateways)
      .orderBy(asc(gateways.id)),
    reach: await db()
      .select({ gatewayId: gatewayLocks.gatewayId, lockId: gatewayLocks.lockId })
      .from(gatewayLocks)
      .orderBy(asc(gatewayLocks.gatewayId), asc(gatewayLocks.lockId)),
    groups: await db().select().from(lockGroups).orderBy(asc(lockGroups.id)),
    filing: await db().select().from(lockGroupLocks).orderBy(asc(lockGroupLocks.userId), asc(lockGroupLocks.lockId)),
  };
}

const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('handing over everything an account owns (/user/transferUserConfirm)', () => {
  it('moves every lock and gateway of the caller, and nothing of anyone else, in one transaction', async () => {
    const giver = 'handover-giver@example.com';
    const { client, uid: giverId } = await loggedInClient(server, giver);
    const front = await addLock(client, 'Front door');
    const back = await addLock(client, 'Back door');
    const { gatewayId } = await addGateway(client, 'Hall gateway', [front, back]);
    const buildingA = dataOf(await client.call(group.add, { groupName: 'Building A' })).groupId;
    await client.call(group.setLocks, { groupId: buildingA, lockIdList: String(front) });
    // The giver's administrator of the front door, and a guest's eKey to the back door.
    const { client: admin } = await loggedInClient(server, 'handover-admin@example.com');
    await client.call(adminCalls.add, { receiverUsername: 'handover-admin@example.com', lockIds: String(front) });
    await loggedInClient(server, 'handover-guest@example.com');
    await client.call(ekey.send, { lockId: back, receiverUsername: 'handover-guest@example.com', validityType: 1 });

    // The receiver already has a lock and a group of the same name.
    const { client: receiver, uid: receiverId } = await loggedInClient(server, 'handover-receiver@example.com');
    const theirs = await addLock(receiver, 'Their door');
    const theirGroup = dataOf(await receiver.call(group.add, { groupName: 'Building A' })).groupId;
    // Someone else's lock and gateway, which nothing here may move.
    const { client: neighbour, uid: neighbourId } = await loggedInClient(server, 'handover-neighbour@example.com');
    const neighbourLock = await addLock(neighbour, 'Neighbour door');
    const neighbourGateway = (await addGateway(neighbour, 'Neighbour gateway', [neighbourLock])).gatewayId;

    const code = await transferCode(client, giver);
    const done = await client.call(user.transferUserConfirm, {
      receiverUsername: 'handover-receiver@example.com',
      password: PASSWORD,
      validationCode: code,
    });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({
      errorCode: 0,
      data: { lockCount: 2, gatewayCount: 1 },
    });

    const owners = await db()
      .select({ id: locks.id, ownerId: locks.ownerId })
      .from(locks)
      .where(inArray(locks.id, [front, back, theirs, neighbourLock]));
    expect(Object.fromEntries(owners.map((row) => [row.id, row.ownerId]))).toEqual({
      [front]: receiverId,
      [back]: receiverId,
      [theirs]: receiverId,
      [neighbourLock]: neighbourId,
    });
    const [moved] = await db().select().from(gateways).where(eq(gateways.id, gatewayId));
    expect(moved?.ownerId).toBe(receiverId);
    const [kept] = await db().select().from(gateways).where(eq(gateways.id, neighbourGateway));
    expect(kept?.ownerId).toBe(neighbourId);
    // Moved together, the gateway still reaches both doors for its new owner.
    const reached = await receiver.call(gateway.listLock, { gatewayId });
    expect(reached.body.data?.list.map((row) => row.lockId).sort()).toEqual([front, back].sort());
    expect(await db().select().from(gatewayLocks).where(eq(gatewayLocks.gatewayId, neighbourGateway))).toHaveLength(1);
    // The front door is filed in the receiver's own "Building A"; the giver files nothing of it.
    const filed = await db()
      .select()
      .from(lockGroupLocks)
      .where(inArray(lockGroupLocks.lockId, [front, back]));
    expect(filed).toEqual([{ userId: receiverId, lockId: front, groupId: theirGroup }]);
    // The giver keeps no right, and owns nothing; their administrator's key ended, the guest's key stays.
    expect((await client.call(lock.detail, { lockId: front })).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await client.call(lock.listForTransfer, {})).body.data?.total).toBe(0);
    expect((await client.call(gateway.list, {})).body.data?.total).toBe(0);
    expect((await admin.call(lock.detail, { lockId: front })).body.errorCode).toBe(ERRORS.noPermission.code);
    const backKeys = await receiver.call(ekey.list, {
      lockId: back,
    });
    expect(backKeys.body.data?.list).toEqual([
      expect.objectContaining({ username: 'handover-guest@example.com', keyStatus: EKeyStatus.normal }),
    ]);
    // The giver's account itself stays, with its own group.
    expect((await client.call(user.getInfo)).body.errorCode).toBe(0);
    expect(await db().select().from(lockGroups).where(eq(lockGroups.ownerId, giverId))).toHaveLength(1);

    // The code was spent, and there is nothing left to hand over anyway.
    const again = await client.call(user.transferUserConfirm, {
      receiverUsername: 'handover-receiver@example.com',
      password: PASSWORD,
      validationCode: code,
    });
    expect(again.body.errorCode).toBe(ERRORS.nothingToTransfer.code);
  });

  it('refuses a wrong or expired code, a code of another type or account, a wrong password, a bad receiver and bad input, changing nothing', async () => {
    const giver = 'handover-careful@example.com';
    const { client } = await loggedInClient(server, giver);
    const lockId = await addLock(client, 'Careful door');
    await addGateway(client, 'Careful gateway', [lockId]);
    const { client: neighbour } = await loggedInClient(server, 'handover-other@example.com');
    await addLock(neighbour, 'Other door');
    await loggedInClient(server, 'handover-taker@example.com');

    const unregisterSent = await client.call(user.sendValidationCode, {
      account: giver,
      type: ValidationCodeType.unregister,
    });
    expect(unregisterSent.body.errorCode).toBe(0);
    const unregisterCode = await latestCode(server, giver);
    const code = await transferCode(client, giver);
    const neighbourCode = await transferCode(neighbour, 'handover-other@example.com');
    const base = { receiverUsername: 'handover-taker@example.com', password: PASSWORD, validationCode: code };
    const before = await holdings();

    const refusals: [Record<string, string | undefined>, number][] = [
      [{ password: 'Wrong#2026x' }, ERRORS.wrongPasswordConfirmation.code],
      [{ validationCode: other(code) }, ERRORS.validationCodeWrong.code],
      [{ validationCode: unregisterCode === code ? other(code) : unregisterCode }, ERRORS.validationCodeWrong.code],
      [{ validationCode: neighbourCode === code ? other(code) : neighbourCode }, ERRORS.validationCodeWrong.code],
      [{ receiverUsername: 'nobody-registered@example.com' }, ERRORS.accountNotRegistered.code],
      [{ receiverUsername: giver }, ERRORS.sameAsCurrentAccount.code],
      [{ receiverUsername: 'not an account' }, ERRORS.accountFormatError.code],
      [{ receiverUsername: '' }, ERRORS.badParameter.code],
      [{ validationCode: '12ab56' }, ERRORS.badParameter.code],
      [{ password: undefined }, ERRORS.badParameter.code],
    ];
    for (const [change, expected] of refusals) {
      const reply = await client.call(user.transferUserConfirm, { ...base, ...change });
      expect(reply.body.errorCode, JSON.stringify(change)).toBe(expected);
      expect(reply.body.data ?? null).toBeNull();
    }
    expect(await holdings()).toEqual(before);

    // Those tries used the code up (five tries a code); a fresh one, minutes later, expires unused.
    await db()
      .update(validationCodes)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(validationCodes.account, giver));
    const fresh = await transferCode(client, giver);
    const [latest] = await db()
      .select({ id: validationCodes.id })
      .from(validationCodes)
      .where(and(eq(validationCodes.account, giver), eq(validationCodes.type, ValidationCodeType.transferLock)))
      .orderBy(desc(validationCodes.createdAt))
      .limit(1);
    await db()
      .update(validationCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(validationCodes.id, latest?.id as number));
    expect((await client.call(user.transferUserConfirm, { ...base, validationCode: fresh })).body.errorCode).toBe(
      ERRORS.validationCodeExpired.code,
    );
    expect(await holdings()).toEqual(before);

    // An account that owns nothing has nothing to hand over.
    const { client: empty } = await loggedInClient(server, 'handover-empty@example.com');
    expect((await empty.call(user.transferUserConfirm, { ...base, validationCode: '123456' })).body.errorCode).toBe(
      ERRORS.nothingToTransfer.code,
    );
  });
});
