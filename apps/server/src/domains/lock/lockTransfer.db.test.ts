import {
  admin as adminCalls,
  ERRORS,
  ekey,
  group,
  lock,
  lockRecord,
  user,
  ValidationCodeType,
} from '@smartlock/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayLocks, lockGroupLocks, lockRecords, locks } from '../../db/schema';
import { addGateway, addLock } from '../../test/devices';
import { latestCode, loggedInClient, PASSWORD } from '../../test/fixtures';
import { dataOf, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const db = () => server.app.services.database.db;

describe('lock transfer', () => {
  it('moves exactly the chosen locks with their records, in one transaction, and gives up every right', async () => {
    const giver = 'lock-giver@example.com';
    const { client } = await loggedInClient(server, giver);
    const front = await addLock(client, 'Front door');
    const back = await addLock(client, 'Back door');
    const kept = await addLock(client, 'Kept door');
    await addGateway(client, 'Giver gateway', [front, back, kept]);
    const groupId = dataOf(await client.call(group.add, { groupName: 'Home' })).groupId;
    await client.call(group.setLocks, { groupId, lockIdList: `${front},${back},${kept}` });
    await db()
      .insert(lockRecords)
      .values(
        [front, back].map((lockId) => ({
          lockId,
          deviceRecordId: '1',
          recordType: 4,
          success: 1,
          lockDate: new Date(),
        })),
      );
    const { client: receiver, uid: receiverId } = await loggedInClient(server, 'lock-receiver@example.com');
    // The giver's administrator of the front door, and a guest's eKey for it.
    const { client: admin } = await loggedInClient(server, 'giver-admin@example.com');
    await client.call(adminCalls.add, { receiverUsername: 'giver-admin@example.com', lockIds: String(front) });
    await loggedInClient(server, 'front-guest@example.com');
    await client.call(ekey.send, { lockId: front, receiverUsername: 'front-guest@example.com', validityType: 1 });
    expect((await admin.call(lock.detail, { lockId: front })).body.errorCode).toBe(0);

    await client.call(user.sendValidationCode, { account: giver, type: ValidationCodeType.transferLock });
    const code = await latestCode(server, giver);
    const base = { lockIdList: `${front},${back}`, receiverUsername: 'lock-receiver@example.com', password: PASSWORD };

    // Refusals change nothing.
    const refusals: [Record<string, string>, number][] = [
      [{ password: 'Wrong#2026x', validationCode: code }, ERRORS.wrongPasswordConfirmation.code],
      [{ validationCode: code === '000000' ? '111111' : '000000' }, ERRORS.validationCodeWrong.code],
      [{ receiverUsername: 'nobody-at-all@example.com', validationCode: code }, ERRORS.accountNotRegistered.code],
      [{ receiverUsername: giver, validationCode: code }, ERRORS.sameAsCurrentAccount.code],
    ];
    for (const [change, expected] of refusals) {
      const reply = await client.callRaw(lock.transfer, { ...base, ...change });
      expect(reply.body.errorCode, JSON.stringify(change)).toBe(expected);
    }
    const stranger = (await loggedInClient(server, 'lock-thief@example.com')).client;
    expect((await stranger.call(lock.transfer, { ...base, validationCode: code })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    const untouched = await db()
      .select()
      .from(locks)
      .where(inArray(locks.id, [front, back]));
    expect(untouched.every((l) => l.ownerId !== receiverId)).toBe(true);

    const done = await client.call(lock.transfer, { ...base, validationCode: code });
    expect(done.body.errorCode, JSON.stringify(done.body)).toBe(0);

    const moved = await db()
      .select()
      .from(locks)
      .where(inArray(locks.id, [front, back, kept]));
    expect(Object.fromEntries(moved.map((l) => [l.name, l.ownerId === receiverId]))).toEqual({
      'Front door': true,
      'Back door': true,
      'Kept door': false,
    });
    expect(
      await db()
        .select()
        .from(gatewayLocks)
        .where(inArray(gatewayLocks.lockId, [front, back])),
    ).toEqual([]);
    expect(await db().select().from(gatewayLocks).where(eq(gatewayLocks.lockId, kept))).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(lockGroupLocks)
        .where(inArray(lockGroupLocks.lockId, [front, back])),
    ).toEqual([]);

    const theirs = await receiver.call(lock.list, {});
    expect(theirs.body.data?.list.map((l) => l.lockName)).toEqual(['Back door', 'Front door']);
    const records = await receiver.call(lockRecord.list, { lockId: front });
    expect(records.body.data?.total).toBe(1);
    const mine = await client.call(lock.list, {});
    expect(mine.body.data?.list.map((l) => l.lockName)).toEqual(['Kept door']);
    expect((await client.call(lock.detail, { lockId: front })).body.errorCode).toBe(ERRORS.noPermission.code);
    // The giver's administrator no longer administers it; the guest keeps their key.
    expect((await admin.call(lock.detail, { lockId: front })).body.errorCode).toBe(ERRORS.noPermission.code);
    const keys = await receiver.call(ekey.list, { lockId: front });
    expect(keys.body.data?.list.find((k) => k.username === 'front-guest@example.com')?.keyStatus).toBe('110401');
    expect((await client.call(lock.transfer, { ...base, validationCode: code })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
  });

  it('lists only the caller’s own locks for transfer', async () => {
    const { client } = await loggedInClient(server, 'transfer-list@example.com');
    await addLock(client, 'Listed door');
    const listed = await client.call(lock.listForTransfer, {});
    expect(listed.body.data).toMatchObject({ total: 1, list: [{ lockName: 'Listed door' }] });
  });
});
