import { ACCESS_TOKEN_COOKIE, ERRORS, user, ValidationCodeType } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAvatars, users, validationCodes } from '../../db/schema';
import { latestCode, loggedInClient, PASSWORD, registerAccount } from '../../test/fixtures';
import type { TestClient, TestServer } from '../../test/harness';
import { startTestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.app.services.database.db;

/** What a refusal must leave as it was: the account's row and its avatar. */
async function stateOf(uid: number) {
  const [row] = await db().select().from(users).where(eq(users.id, uid));
  const [avatar] = await db().select().from(userAvatars).where(eq(userAvatars.userId, uid));
  return { row, avatar };
}

/** Sends a code of a session type to an account through the API and reads it from the outbox. */
async function codeFor(client: TestClient, account: string, type: number): Promise<string> {
  const sent = await client.call(user.sendValidationCode, { account, type });
  expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
  return latestCode(server, account);
}

const AVATAR_MAX_BYTES = user.AVATAR_MAX_BYTES;
const jpeg = (size: number) => {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
};
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([60, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(52),
]);
const part = (data: Buffer, contentType = 'image/jpeg', field = 'avatar') => [
  { field, filename: 'me.jpg', contentType, data },
];

/** GET of an avatar's address, with the client's session or none. */
async function fetchAvatar(path: string, client?: TestClient) {
  return server.app.inject({
    method: 'GET',
    url: path,
    headers: client?.cookie ? { cookie: `${ACCESS_TOKEN_COOKIE}=${client.cookie}` } : {},
  });
}

describe('/user/updateUserInfo', () => {
  it('changes the nickname (trimmed, empty clears it) and the country with its calling code', async () => {
    const { client, uid } = await loggedInClient(server, 'profile@example.com');
    const reply = await client.callMultipart(user.updateUserInfo, { nickname: '  Ada  ', countryId: 'DE' }, []);
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    expect(reply.body.data).toMatchObject({
      uid,
      nickname: 'Ada',
      countryId: 'DE',
      countryCode: '+49',
      countryName: 'Germany',
      headUrl: '',
    });
    const info = await client.call(user.getInfo);
    expect(info.body.data).toEqual(reply.body.data);

    const cleared = await client.call(user.updateUserInfo, { nickname: '' });
    expect(cleared.body.errorCode).toBe(0);
    expect(cleared.body.data).toMatchObject({ nickname: '', countryId: 'DE' });
  });

  it('refuses a country that is not on the list, changing nothing', async () => {
    const { client, uid } = await loggedInClient(server, 'nowhere@example.com');
    const before = await stateOf(uid);
    const reply = await client.callMultipart(user.updateUserInfo, { nickname: 'Changed', countryId: 'ZZ' }, []);
    expect(reply.body.errorCode).toBe(ERRORS.badParameter.code);
    expect(await stateOf(uid)).toEqual(before);
  });

  it('stores an avatar and serves it to a logged-in caller only, cached by its version', async () => {
    const { client, uid } = await loggedInClient(server, 'avatar@example.com');
    const image = jpeg(AVATAR_MAX_BYTES);
    const reply = await client.callMultipart(user.updateUserInfo, {}, part(image, 'application/octet-stream'));
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    const headUrl = reply.body.data?.headUrl ?? '';
    expect(headUrl).toMatch(new RegExp(`^/api/user/avatar/${uid}\\?v=[0-9a-f]{12}$`));
    expect((await client.call(user.getInfo)).body.data?.headUrl).toBe(headUrl);

    const served = await fetchAvatar(headUrl, client);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.rawPayload.equals(image)).toBe(true);

    // Another account may see it; nobody without a session may.
    const { client: other } = await loggedInClient(server, 'avatar-viewer@example.com');
    expect((await fetchAvatar(headUrl, other)).statusCode).toBe(200);
    const anonymous = await fetchAvatar(headUrl);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ errorCode: ERRORS.notLoggedIn.code });
    expect(anonymous.headers['cache-control']).toBe('no-store');

    // A new image, a new address; the old one is no longer cached for good.
    const next = await client.callMultipart(user.updateUserInfo, {}, part(png, 'image/jpeg'));
    const nextUrl = next.body.data?.headUrl ?? '';
    expect(nextUrl).not.toBe(headUrl);
    const nextServed = await fetchAvatar(nextUrl, client);
    expect(nextServed.headers['content-type']).toBe('image/png');
    expect((await fetchAvatar(headUrl, client)).headers['cache-control']).toBe('private, no-cache');

    const asWebp = await client.callMultipart(user.updateUserInfo, {}, part(webp, 'image/png'));
    expect((await fetchAvatar(asWebp.body.data?.headUrl ?? '', client)).headers['content-type']).toBe('image/webp');
    expect(await db().select().from(userAvatars).where(eq(userAvatars.userId, uid))).toHaveLength(1);
  });

  it('removes the avatar with removeAvatar=1', async () => {
    const { client, uid } = await loggedInClient(server, 'remove-avatar@example.com');
    const set = await client.callMultipart(user.updateUserInfo, {}, part(jpeg(500)));
    const headUrl = set.body.data?.headUrl ?? '';
    const removed = await client.callMultipart(user.updateUserInfo, { removeAvatar: 1 }, []);
    expect(removed.body.errorCode).toBe(0);
    expect(removed.body.data?.headUrl).toBe('');
    expect((await stateOf(uid)).avatar).toBeUndefined();
    expect((await fetchAvatar(headUrl, client)).statusCode).toBe(404);
  });

  it('refuses a disguised file, one byte too many, a stray part, or an avatar with removeAvatar, changing nothing', async () => {
    const { client, uid } = await loggedInClient(server, 'bad-avatar@example.com');
    await client.callMultipart(user.updateUserInfo, {}, part(jpeg(300)));
    const before = await stateOf(uid);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const cases: [Record<string, string | number>, ReturnType<typeof part>, number][] = [
      [{ nickname: 'x' }, part(gif, 'image/jpeg'), ERRORS.photoFormat.code],
      [
        { nickname: 'x' },
        part(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'),
        ERRORS.photoFormat.code,
      ],
      [{ nickname: 'x' }, part(jpeg(AVATAR_MAX_BYTES + 1)), ERRORS.photoTooLarge.code],
      [{ nickname: 'x' }, part(jpeg(100), 'image/jpeg', 'photo'), ERRORS.badParameter.code],
      [{ nickname: 'x' }, [...part(jpeg(100)), ...part(png)], ERRORS.badParameter.code],
      [{ removeAvatar: 1 }, part(jpeg(100)), ERRORS.badParameter.code],
    ];
    for (const [params, files, expected] of cases) {
      const reply = await client.callMultipart(user.updateUserInfo, params, files);
      expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(expected);
      expect(await stateOf(uid)).toEqual(before);
    }
  });

  it('acts on the caller only: no parameter reaches another account', async () => {
    const { uid: victim } = await loggedInClient(server, 'victim-profile@example.com');
    const { client: stranger, uid: strangerUid } = await loggedInClient(server, 'stranger-profile@example.com');
    const before = await stateOf(victim);
    const reply = await stranger.callRaw(user.updateUserInfo, { uid: victim, nickname: 'Pwned' }, { files: part(png) });
    expect(reply.body.data?.uid).toBe(strangerUid);
    expect(await stateOf(victim)).toEqual(before);
    expect((await server.client().call(user.updateUserInfo, { nickname: 'Anyone' })).body.errorCode).toBe(
      ERRORS.notLoggedIn.code,
    );
  });
});

describe('/user/changePassword', () => {
  it("sets the new password and ends every other session, keeping the caller's", async () => {
    const { client, uid } = await loggedInClient(server, 'change-pw@example.com');
    const other = server.client();
    expect(
      (await other.call(user.login, { account: 'change-pw@example.com', password: PASSWORD })).body.errorCode,
    ).toBe(0);
    const [before] = await db().select().from(users).where(eq(users.id, uid));
    const reply = await client.call(user.changePassword, { oldPassword: PASSWORD, newPassword: 'Lighthouse#77' });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    expect((await client.call(user.getInfo)).body.errorCode).toBe(0);
    expect((await other.call(user.getInfo)).body.errorCode).toBe(ERRORS.loginExpired.code);
    const [after] = await db().select().from(users).where(eq(users.id, uid));
    expect(after?.passwordChangedAt.getTime()).toBeGreaterThanOrEqual(before?.passwordChangedAt.getTime() ?? 0);
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    const fresh = server.client();
    expect(
      (await fresh.call(user.login, { account: 'change-pw@example.com', password: PASSWORD })).body.errorCode,
    ).toBe(ERRORS.wrongAccountOrPassword.code);
    expect(
      (await fresh.call(user.login, { account: 'change-pw@example.com', password: 'Lighthouse#77' })).body.errorCode,
    ).toBe(0);
  });

  it('refuses a wrong old password and a new one breaking each rule, changing nothing', async () => {
    const { client, uid } = await loggedInClient(server, 'bad-pw@example.com');
    const other = server.client();
    await other.call(user.login, { account: 'bad-pw@example.com', password: PASSWORD });
    const before = await stateOf(uid);
    const cases: [string, string, number][] = [
      ['Wrong#2026x', 'Lighthouse#77', ERRORS.wrongPasswordConfirmation.code],
      [PASSWORD, 'Ab#1', ERRORS.passwordLength.code],
      [PASSWORD, 'A'.repeat(8) + '#'.repeat(13), ERRORS.passwordLength.code],
      [PASSWORD, 'lighthouses', ERRORS.passwordTooSimple.code],
      [PASSWORD, 'Light house#77', ERRORS.passwordIllegalCharacters.code],
      [PASSWORD, 'Lighthouse#七七', ERRORS.passwordIllegalCharacters.code],
    ];
    for (const [oldPassword, newPassword, expected] of cases) {
      const reply = await client.call(user.changePassword, { oldPassword, newPassword });
      expect(reply.body.errorCode, `${newPassword}: ${JSON.stringify(reply.body)}`).toBe(expected);
    }
    expect(await stateOf(uid)).toEqual(before);
    expect((await other.call(user.getInfo)).body.errorCode).toBe(0);
  });

  it('locks the old-password check after repeated wrong tries, like the password check', async () => {
    const { client } = await loggedInClient(server, 'guess-pw@example.com');
    for (let i = 0; i < 5; i += 1) {
      const reply = await client.call(user.changePassword, {
        oldPassword: `Guess#${i}xxxx`,
        newPassword: 'Lighthouse#77',
      });
      expect(reply.body.errorCode).toBe(ERRORS.wrongPasswordConfirmation.code);
    }
    const locked = await client.call(user.changePassword, { oldPassword: PASSWORD, newPassword: 'Lighthouse#77' });
    expect(locked.body.errorCode).toBe(ERRORS.accountLocked.code);
  });

  it('accepts the same password again (no catalogue error says otherwise)', async () => {
    const { client } = await loggedInClient(server, 'same-pw@example.com');
    const reply = await client.call(user.changePassword, { oldPassword: PASSWORD, newPassword: PASSWORD });
    expect(reply.body.errorCode).toBe(0);
  });
});

describe('/user/changeAccount', () => {
  it('replaces the email with a new one, with the changeAccount code sent to it', async () => {
    const { client, uid } = await loggedInClient(server, 'old-address@example.com');
    const code = await codeFor(client, 'new-address@example.com', ValidationCodeType.changeAccount);
    const reply = await client.call(user.changeAccount, {
      account: 'New-Address@example.com',
      validationCode: code,
    });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    expect(reply.body.data).toMatchObject({ uid, email: 'new-address@example.com', userId: 'new-address@example.com' });
    const fresh = server.client();
    expect(
      (await fresh.call(user.login, { account: 'old-address@example.com', password: PASSWORD })).body.errorCode,
    ).toBe(ERRORS.wrongAccountOrPassword.code);
    expect(
      (await fresh.call(user.login, { account: 'new-address@example.com', password: PASSWORD })).body.errorCode,
    ).toBe(0);
    const reused = await client.call(user.changeAccount, { account: 'another@example.com', validationCode: code });
    expect(reused.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
  });

  it('sets the mobile when the new account is a mobile number, keeping the email', async () => {
    const { client, uid } = await loggedInClient(server, 'to-mobile@example.com');
    const code = await codeFor(client, '0412 000 111', ValidationCodeType.changeAccount);
    const reply = await client.call(user.changeAccount, {
      account: '412000111',
      countryCode: '+61',
      validationCode: code,
    });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    expect(reply.body.data).toMatchObject({ uid, mobile: '+61412000111', email: 'to-mobile@example.com' });
  });

  it('refuses the current account, another user’s, and a wrong, expired, used or other-type code, changing nothing', async () => {
    const { client, uid } = await loggedInClient(server, 'stay@example.com');
    await registerAccount(server, server.client(), 'taken@example.com');
    const before = await stateOf(uid);
    const refuse = async (account: string, validationCode: string, expected: number) => {
      const reply = await client.call(user.changeAccount, { account, validationCode });
      expect(reply.body.errorCode, `${account}: ${JSON.stringify(reply.body)}`).toBe(expected);
      expect(await stateOf(uid)).toEqual(before);
    };
    await refuse('Stay@example.com', '123456', ERRORS.sameAsCurrentAccount.code);
    await refuse('taken@example.com', '123456', ERRORS.accountExists.code);
    await refuse('never-sent@example.com', '123456', ERRORS.validationCodeWrong.code);

    const code = await codeFor(client, 'wanted@example.com', ValidationCodeType.changeAccount);
    await refuse('wanted@example.com', code === '000000' ? '000001' : '000000', ERRORS.validationCodeWrong.code);
    await db()
      .update(validationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(validationCodes.account, 'wanted@example.com'));
    await refuse('wanted@example.com', code, ERRORS.validationCodeExpired.code);
    await db()
      .update(validationCodes)
      .set({ expiresAt: new Date(Date.now() + 60_000), consumedAt: new Date() })
      .where(eq(validationCodes.account, 'wanted@example.com'));
    await refuse('wanted@example.com', code, ERRORS.validationCodeUsed.code);

    const bindCode = await codeFor(client, 'other-type@example.com', ValidationCodeType.bindEmail);
    await refuse('other-type@example.com', bindCode, ERRORS.validationCodeWrong.code);
  });
});

describe('/user/bindMobile and /user/bindEmail', () => {
  it('binds, replaces and unbinds a mobile number while the email remains', async () => {
    const { client, uid } = await loggedInClient(server, 'binder@example.com');
    const code = await codeFor(client, '0412 555 001', ValidationCodeType.bindMobile);
    const bound = await client.call(user.bindMobile, { mobile: '0412 555 001', validationCode: code });
    expect(bound.body.errorCode, JSON.stringify(bound.body)).toBe(0);
    expect(bound.body.data).toMatchObject({ uid, mobile: '+61412555001', email: 'binder@example.com' });
    const login = await server.client().call(user.login, { account: '0412555001', password: PASSWORD });
    expect(login.body.errorCode).toBe(0);

    const next = await codeFor(client, '+61412555002', ValidationCodeType.bindMobile);
    const replaced = await client.call(user.bindMobile, {
      mobile: '412555002',
      countryCode: '61',
      validationCode: next,
    });
    expect(replaced.body.data?.mobile).toBe('+61412555002');

    const unbound = await client.call(user.bindMobile, { unbind: 1 });
    expect(unbound.body.errorCode).toBe(0);
    expect(unbound.body.data).toMatchObject({ mobile: '', email: 'binder@example.com' });
  });

  it('binds an email to a mobile account, then unbinds the mobile but never the only identifier', async () => {
    const client = server.client();
    const uid = await registerAccount(server, client, '0412 555 101');
    await client.call(user.login, { account: '0412 555 101', password: PASSWORD });
    const before = await stateOf(uid);
    const onlyOne = await client.call(user.bindMobile, { unbind: 1 });
    expect(onlyOne.body.errorCode).toBe(ERRORS.cannotUnbindOnlyAccount.code);
    expect(await stateOf(uid)).toEqual(before);

    const code = await codeFor(client, 'Mobile-Owner@example.com', ValidationCodeType.bindEmail);
    const bound = await client.call(user.bindEmail, { email: 'Mobile-Owner@example.com', validationCode: code });
    expect(bound.body.errorCode, JSON.stringify(bound.body)).toBe(0);
    expect(bound.body.data).toMatchObject({ email: 'mobile-owner@example.com', mobile: '+61412555101' });

    expect((await client.call(user.bindMobile, { unbind: 1 })).body.data?.mobile).toBe('');
    const last = await stateOf(uid);
    const refused = await client.call(user.bindEmail, { unbind: 1 });
    expect(refused.body.errorCode).toBe(ERRORS.cannotUnbindOnlyAccount.code);
    expect(await stateOf(uid)).toEqual(last);
  });

  it('refuses missing values, another user’s, the current one, and a code of another type, changing nothing', async () => {
    const { client, uid } = await loggedInClient(server, 'bind-refusals@example.com');
    await registerAccount(server, server.client(), '0412 555 201');
    await registerAccount(server, server.client(), 'bind-taken@example.com');
    const before = await stateOf(uid);
    const cases: [typeof user.bindMobile | typeof user.bindEmail, Record<string, string>, number][] = [
      [user.bindMobile, { validationCode: '123456' }, ERRORS.badParameter.code],
      [user.bindMobile, { mobile: '0412 555 299' }, ERRORS.badParameter.code],
      [user.bindEmail, { validationCode: '123456' }, ERRORS.badParameter.code],
      [user.bindEmail, { email: 'free@example.com' }, ERRORS.badParameter.code],
      [user.bindMobile, { mobile: 'not-a-number@example.com', validationCode: '123456' }, ERRORS.invalidMobile.code],
      [user.bindEmail, { email: 'not an email', validationCode: '123456' }, ERRORS.invalidEmail.code],
      [user.bindMobile, { mobile: '0412 555 201', validationCode: '123456' }, ERRORS.accountExists.code],
      [user.bindEmail, { email: 'bind-taken@example.com', validationCode: '123456' }, ERRORS.accountExists.code],
      [
        user.bindEmail,
        { email: 'bind-refusals@example.com', validationCode: '123456' },
        ERRORS.sameAsCurrentAccount.code,
      ],
      [user.bindEmail, { email: 'free@example.com', validationCode: '123456' }, ERRORS.validationCodeWrong.code],
    ];
    for (const [call, params, expected] of cases) {
      const reply = await client.call(call, params);
      expect(reply.body.errorCode, `${call.path} ${JSON.stringify(params)}: ${JSON.stringify(reply.body)}`).toBe(
        expected,
      );
    }
    const changeCode = await codeFor(client, 'other-kind@example.com', ValidationCodeType.changeAccount);
    const otherType = await client.call(user.bindEmail, {
      email: 'other-kind@example.com',
      validationCode: changeCode,
    });
    expect(otherType.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
    expect(await stateOf(uid)).toEqual(before);
    expect((await server.client().call(user.bindEmail, { unbind: 1 })).body.errorCode).toBe(ERRORS.notLoggedIn.code);
  });
});
