import { ACCESS_TOKEN_COOKIE, ERRORS, user } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { sha256 } from '../../security/crypto';
import { loggedInClient, PASSWORD, registerAccount } from '../../test/fixtures';
import { dataOf, SERVER_APP, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('accounts and sessions', () => {
  it('register -> login -> getInfo -> logout -> getInfo fails with login expired', async () => {
    const client = server.client();
    const uid = await registerAccount(server, client, 'Owner@Example.com');
    const login = await client.call(user.login, {
      account: 'owner@example.com',
      password: PASSWORD,
    });
    expect(login.body.errorCode).toBe(0);
    expect(login.body.data?.uid).toBe(uid);
    expect(login.body.data?.accessToken).toBeUndefined();

    const info = await client.call(user.getInfo);
    expect(info.body.errorCode).toBe(0);
    expect(info.body.data).toEqual({
      uid,
      userId: 'owner@example.com',
      countryId: 'AU',
      countryCode: '+61',
      countryName: 'Australia',
      mobile: '',
      email: 'owner@example.com',
      nickname: 'owner',
      headUrl: '',
      hasGateway: 0,
      hasOnlineGateway: 0,
      paidUserStatus: 0,
      balance: 0,
      isLogin: true,
    });

    const stolen = client.cookie;
    const logout = await client.call(user.logout);
    expect(logout.body.errorCode).toBe(0);
    expect(client.cookie).toBeUndefined();

    const after = await client.call(user.getInfo);
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe(ERRORS.notLoggedIn.code);

    client.cookie = stolen;
    const replayedCookie = await client.call(user.getInfo);
    expect(replayedCookie.body.errorCode).toBe(ERRORS.loginExpired.code);
  });

  it('sets an HttpOnly, SameSite cookie holding no readable token', async () => {
    const { client, uid } = await loggedInClient(server, 'cookie@example.com');
    const login = await client.call(user.login, { account: 'cookie@example.com', password: PASSWORD });
    const header = String(login.headers['set-cookie']);
    expect(header).toContain(`${ACCESS_TOKEN_COOKIE}=`);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    const stored = await server.app.services.database.db.select().from(sessions).where(eq(sessions.userId, uid));
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(client.cookie).not.toContain(row.tokenHash);
    }
    expect(stored.some((row) => row.tokenHash === sha256(client.cookie ?? ''))).toBe(false);
  });

  it('refuses a forged cookie as login expired', async () => {
    const client = server.client();
    client.cookie = 'not-a-sealed-token';
    expect((await client.call(user.getInfo)).body.errorCode).toBe(ERRORS.loginExpired.code);
  });

  it('refuses an expired session', async () => {
    const { client, uid } = await loggedInClient(server, 'expired@example.com');
    await server.app.services.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, uid));
    expect((await client.call(user.getInfo)).body.errorCode).toBe(ERRORS.loginExpired.code);
  });

  it('gives a server-side API client its token in the reply, usable as the accessToken parameter', async () => {
    await registerAccount(server, server.client(), 'partner@example.com');
    const partner = server.client();
    const login = await partner.call(
      user.login,
      { account: 'partner@example.com', password: PASSWORD },
      { app: SERVER_APP },
    );
    const token = login.body.data?.accessToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(partner.cookie).toBeUndefined();
    const info = await partner.call(user.getInfo, { accessToken: token }, { app: SERVER_APP });
    expect(info.body.errorCode).toBe(0);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    await registerAccount(server, server.client(), 'same@example.com');
    const wrong = await server.client().call(user.login, { account: 'same@example.com', password: 'Wrong#2026' });
    const unknown = await server.client().call(user.login, { account: 'nobody@example.com', password: 'Wrong#2026' });
    expect(wrong.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('confirms the password before sensitive steps', async () => {
    const { client } = await loggedInClient(server, 'check@example.com');
    expect((await client.call(user.checkPassword, { password: PASSWORD })).body.errorCode).toBe(0);
    expect((await client.call(user.checkPassword, { password: 'Nope#2026x' })).body.errorCode).toBe(
      ERRORS.wrongPasswordConfirmation.code,
    );
    expect((await server.client().call(user.checkPassword, { password: PASSWORD })).body.errorCode).toBe(
      ERRORS.notLoggedIn.code,
    );
  });

  it("tells whether paid features are offered under the caller's brand", async () => {
    const { client } = await loggedInClient(server, 'paid@example.com');
    const reply = await client.call(user.isPaidFeatureAvailable);
    expect(reply.body.data).toEqual({ available: true, paidUserStatus: 0 });
    const harbor = await client.call(user.isPaidFeatureAvailable, { packageName: 'com.harborstays.console' });
    expect(harbor.body.data).toEqual({ available: false, paidUserStatus: 0 });
  });

  it('registers a mobile account with its country and calling code', async () => {
    const client = server.client();
    const uid = await registerAccount(server, client, '0412 345 678');
    const [row] = await server.app.services.database.db.select().from(users).where(eq(users.id, uid));
    expect(row).toMatchObject({ mobile: '+61412345678', email: null, countryId: 'AU', countryCode: '+61' });
    const login = await client.call(user.login, { account: '412345678', countryCode: '+61', password: PASSWORD });
    expect(login.body.errorCode).toBe(0);
  });
});

describe('login by access token', () => {
  it("opens a console session from another app's live token, and refuses a dead one", async () => {
    await registerAccount(server, server.client(), 'handover@example.com');
    const mobile = server.client();
    const login = await mobile.call(
      user.login,
      { account: 'handover@example.com', password: PASSWORD },
      { app: SERVER_APP },
    );
    const token = dataOf(login).accessToken as string;
    const browser = server.client();
    const handed = await browser.call(user.loginByAccessToken, { token });
    expect(handed.body.errorCode).toBe(0);
    expect(browser.cookie).toBeTruthy();
    expect((await browser.call(user.getInfo)).body.errorCode).toBe(0);

    await mobile.call(user.logout, { accessToken: token }, { app: SERVER_APP });
    const dead = await server.client().call(user.loginByAccessToken, { token });
    expect(dead.body.errorCode).toBe(ERRORS.loginExpired.code);
    const garbage = await server.client().call(user.loginByAccessToken, { token: 'nope' });
    expect(garbage.body.errorCode).toBe(ERRORS.loginExpired.code);
  });
});
