import {
  admin as adminCalls,
  EKeyStatus,
  ERRORS,
  ekey,
  gateway,
  group,
  lock,
  PasscodeType,
  passcode,
  user,
  ValidationCodeType,
} from '@smartlock/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, lockGroups, passcodes, sessions, users, validationCodes } from '../../db/schema';
import { addGateway, addLock } from '../../test/devices';
import { latestCode, loggedInClient, PASSWORD, registerAccount } from '../../test/fixtures';
import { dataOf, SERVER_APP, startTestServer, type TestClient, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;

/** Asks for the unregister code (type 10) for the client's own account and reads it from the outbox. */
async function unregisterCode(client: TestClient, account: string): Promise<string> {
  const sent = await client.call(user.sendValidationCode, { account, type: ValidationCodeType.unregister });
  expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
  return latestCode(server, account);
}

/** What an account is made of, to prove a refused call changed nothing. */
async function accountState(uid: number) {
  const [row] = await db().select().from(users).where(eq(users.id, uid));
  const live = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, uid), isNull(sessions.revokedAt)));
  const held = await db().select({ id: ekeys.id, status: ekeys.status }).from(ekeys).where(eq(ekeys.recipientId, uid));
  const groups = await db().select({ id: lockGroups.id }).from(lockGroups).where(eq(lockGroups.ownerId, uid));
  return { row, live: live.length, held, groups: groups.length };
}

/** A code that is not the one sent. */
const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('deleting an account (/user/unregister)', () => {
  it('is refused while the account owns a lock or a gateway, even with the right password and code, and changes nothing', async () => {
    const account = 'unreg-owner@example.com';
    const { client, uid } = await loggedInClient(server, account);
    const lockId = await addLock(client, 'Still mine');
    const code = await unregisterCode(client, account);
    const before = await accountState(uid);

    const refused = await client.call(user.unregister, { password: PASSWORD, validationCode: code });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: ERRORS.accountOwnsDevices.code, data: null });
    expect(await accountState(uid)).toEqual(before);
    expect((await client.call(lock.detail, { lockId })).body.errorCode).toBe(0);

    // A gateway alone is refused too: it belongs with the locks it reaches.
    const gatewayOnly = 'unreg-gateway@example.com';
    const { client: keeper } = await loggedInClient(server, gatewayOnly);
    const { gatewayId } = await addGateway(keeper, 'Hall gateway');
    const keeperCode = await unregisterCode(keeper, gatewayOnly);
    expect(
      (await keeper.call(user.unregister, { password: PASSWORD, validationCode: keeperCode })).body.errorCode,
    ).toBe(ERRORS.accountOwnsDevices.code);
    // Once the gateway is gone, the same code (a refusal did not spend it) deletes the account.
    expect((await keeper.call(gateway.remove, { gatewayId })).body.errorCode).toBe(0);
    const done = await keeper.call(user.unregister, { password: PASSWORD, validationCode: keeperCode });
    expect(done.body.errorCode, JSON.stringify(done.body)).toBe(0);
  });

  it('checks the password and the unregister code: wrong, expired, of another type or account, and bad input change nothing', async () => {
    const account = 'unreg-careful@example.com';
    const { client, uid } = await loggedInClient(server, account);
    const { client: neighbour } = await loggedInClient(server, 'unreg-neighbour@example.com');

    // No code was ever sent.
    expect((await client.call(user.unregister, { password: PASSWORD, validationCode: '123456' })).body.errorCode).toBe(
      ERRORS.validationCodeWrong.code,
    );
    // A transfer code (type 9) is not an unregister code.
    await client.call(user.sendValidationCode, { account, type: ValidationCodeType.transferLock });
    const transferCode = await latestCode(server, account);
    const code = await unregisterCode(client, account);
    // Another account's unregister code is not this account's.
    const neighbourCode = await unregisterCode(neighbour, 'unreg-neighbour@example.com');
    // An unregister code goes to one's own account only.
    expect(
      (
        await client.call(user.sendValidationCode, {
          account: 'someone-else@example.com',
          type: ValidationCodeType.unregister,
        })
      ).body.errorCode,
    ).toBe(ERRORS.noPermission.code);
    const before = await accountState(uid);

    const refusals: [Record<string, string>, number][] = [
      [{ password: 'Wrong#2026x', validationCode: code }, ERRORS.wrongPasswordConfirmation.code],
      [{ password: PASSWORD, validationCode: other(code) }, ERRORS.validationCodeWrong.code],
      [
        { password: PASSWORD, validationCode: transferCode === code ? other(code) : transferCode },
        ERRORS.validationCodeWrong.code,
      ],
      [
        { password: PASSWORD, validationCode: neighbourCode === code ? other(code) : neighbourCode },
        ERRORS.validationCodeWrong.code,
      ],
      [{ password: PASSWORD, validationCode: 'abc' }, ERRORS.badParameter.code],
      [{ password: '', validationCode: code }, ERRORS.badParameter.code],
      [{ validationCode: code }, ERRORS.badParameter.code],
    ];
    for (const [params, expected] of refusals) {
      const reply = await client.callRaw(user.unregister, params);
      expect(reply.body.errorCode, JSON.stringify(params)).toBe(expected);
      expect(reply.body.data ?? null).toBeNull();
    }
    // The neighbour never logged in with it either: their session is theirs.
    expect((await neighbour.call(user.getInfo)).body.errorCode).toBe(0);

    // An expired code is refused as expired (to its holder).
    const [latest] = await db()
      .select({ id: validationCodes.id })
      .from(validationCodes)
      .where(and(eq(validationCodes.account, account), eq(validationCodes.type, ValidationCodeType.unregister)))
      .orderBy(desc(validationCodes.createdAt))
      .limit(1);
    await db()
      .update(validationCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(validationCodes.id, latest?.id as number));
    expect((await client.call(user.unregister, { password: PASSWORD, validationCode: code })).body.errorCode).toBe(
      ERRORS.validationCodeExpired.code,
    );
    expect(await accountState(uid)).toEqual(before);
    expect((await client.call(user.getInfo)).body.errorCode).toBe(0);
  });

  it('deletes the account in one go: sessions and tokens die, the keys it held end, what it issued on others’ locks stays, others are untouched, and the address is free again', async () => {
    const account = 'unreg-ann@example.com';
    const { client: ann, uid: annId } = await loggedInClient(server, account);
    // A second way in: an API client's access token.
    const partner = server.client();
    const login = await partner.call(user.login, { account, password: PASSWORD }, { app: SERVER_APP });
    const token = dataOf(login).accessToken;
    expect((await partner.call(user.getInfo, { accessToken: token }, { app: SERVER_APP })).body.errorCode).toBe(0);

    // A landlord makes Ann the administrator of one lock and gives her an eKey to another.
    const { client: landlord } = await loggedInClient(server, 'unreg-landlord@example.com');
    const flat = await addLock(landlord, 'Flat door');
    const garage = await addLock(landlord, 'Garage');
    expect(
      (await landlord.call(adminCalls.add, { receiverUsername: account, lockIds: String(flat) })).body.errorCode,
    ).toBe(0);
    expect(
      (await landlord.call(ekey.send, { lockId: garage, receiverUsername: account, validityType: 1 })).body.errorCode,
    ).toBe(0);
    // As administrator Ann issues a tenant's eKey and a passcode on the flat.
    await loggedInClient(server, 'unreg-tenant@example.com');
    expect(
      (await ann.call(ekey.send, { lockId: flat, receiverUsername: 'unreg-tenant@example.com', validityType: 1 })).body
        .errorCode,
    ).toBe(0);
    const issued = await ann.call(passcode.get, {
      lockId: flat,
      keyboardPwdType: PasscodeType.permanent,
    });
    expect(issued.body.errorCode, JSON.stringify(issued.body)).toBe(0);
    // Ann files the flat in a group of her own.
    const groupId = dataOf(await ann.call(group.add, { groupName: 'Work' })).groupId;
    expect((await ann.call(group.setLocks, { groupId, lockIdList: String(flat) })).body.errorCode).toBe(0);

    // A bystander with a key to the garage and a group of their own.
    const bystanderAccount = 'unreg-bystander@example.com';
    const { client: bystander, uid: bystanderId } = await loggedInClient(server, bystanderAccount);
    await landlord.call(ekey.send, { lockId: garage, receiverUsername: bystanderAccount, validityType: 1 });
    await bystander.call(group.add, { groupName: 'Mine' });
    const bystanderBefore = await accountState(bystanderId);

    const code = await unregisterCode(ann, account);
    const done = await ann.call(user.unregister, { password: PASSWORD, validationCode: code });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ errorCode: 0 });
    // The console's cookie is cleared, and every session and token is dead.
    expect(ann.cookie).toBeUndefined();
    const stillThere = await ann.call(user.getInfo, {}, { headers: {} });
    expect([ERRORS.notLoggedIn.code, ERRORS.loginExpired.code]).toContain(stillThere.body.errorCode);
    expect((await partner.call(user.getInfo, { accessToken: token }, { app: SERVER_APP })).body.errorCode).toBe(
      ERRORS.loginExpired.code,
    );
    const live = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, annId), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    expect((await server.client().call(user.login, { account, password: PASSWORD })).body.errorCode).toBe(
      ERRORS.wrongAccountOrPassword.code,
    );

    // What is left of the account: no address, password or profile.
    const [row] = await db().select().from(users).where(eq(users.id, annId));
    expect(row).toMatchObject({ email: null, mobile: null, passwordHash: '', nickname: '' });
    expect(row?.deletedAt).toBeInstanceOf(Date);

    // The keys she held are deleted at once and to be refused at their locks; she administers nothing.
    const held = await db().select().from(ekeys).where(eq(ekeys.recipientId, annId));
    expect(held).toHaveLength(2);
    for (const key of held) {
      expect(key.status).toBe(EKeyStatus.deleted);
      expect(key.revokeBelow).toBeGreaterThan(key.lockRevokedBelow);
    }
    const admins = await landlord.call(adminCalls.list, {});
    expect(admins.body.data?.list).toEqual([]);
    const garageKeys = await landlord.call(ekey.list, { lockId: garage });
    expect(garageKeys.body.data?.list.map((k) => k.username)).toEqual([bystanderAccount]);

    // What she issued on the landlord's lock stays with the lock: the tenant keeps the door.
    const flatKeys = await landlord.call(ekey.list, { lockId: flat });
    expect(flatKeys.body.data?.list).toEqual([
      expect.objectContaining({
        username: 'unreg-tenant@example.com',
        keyStatus: EKeyStatus.normal,
        senderUsername: '',
      }),
    ]);
    const [kept] = await db()
      .select()
      .from(passcodes)
      .where(eq(passcodes.id, dataOf(issued).keyboardPwdId));
    expect(kept?.lockId).toBe(flat);
    // Her groups are gone.
    expect(await db().select().from(lockGroups).where(eq(lockGroups.ownerId, annId))).toEqual([]);

    // Another account is untouched.
    expect(await accountState(bystanderId)).toEqual(bystanderBefore);
    expect((await bystander.call(user.getInfo)).body.errorCode).toBe(0);

    // The address is free again: registering it makes a new, empty account (a while later: the
    // registration code sent minutes ago no longer holds the next one back).
    await db()
      .update(validationCodes)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(validationCodes.account, account));
    const again = server.client();
    const newId = await registerAccount(server, again, account);
    expect(newId).not.toBe(annId);
    expect((await again.call(user.login, { account, password: PASSWORD })).body.errorCode).toBe(0);
    const synced = await again.call(ekey.sync, {});
    expect(synced.body.data?.list).toEqual([]);
    const groups = await again.call(group.list, {});
    expect(groups.body.data?.list.map((g) => g.groupName) ?? []).not.toContain('Work');
    const [count] = await db().select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, account));
    expect(count?.n).toBe(1);
  });
});
