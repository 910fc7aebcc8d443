import { EKeyAuthorized, ERRORS, ekey, lock, user, ValidityType } from '@smartlock/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, users } from '../db/schema';
import { addLock } from '../test/devices';
import { loggedInClient, PASSWORD } from '../test/fixtures';
import { dataOf, SERVER_APP, startTestServer, type TestClient, type TestServer } from '../test/harness';

/**
 * Cross-site request forgery from the same site: a page on another port of the console's host
 * submits signed calls with the victim's session cookie (the signing secret is public by design,
 * so the signature proves nothing; SameSite=Lax stops only other sites). Every state-changing
 * call must come from the console's own origin, by what the browser says; non-browser clients
 * are unaffected.
 */

const CONSOLE = 'console.example:8080';
let server: TestServer;
let victim: TestClient;
let lockId: number;
let attackerUid: number;

beforeAll(async () => {
  server = await startTestServer();
  victim = (await loggedInClient(server, 'csrf-victim@example.com')).client;
  attackerUid = (await loggedInClient(server, 'csrf-attacker@example.com')).uid;
  lockId = await addLock(victim, 'Front door');
});
afterAll(() => server?.close());

/** The attacker's ask: make their account an administrator of the victim's lock. */
const grant = {
  lockId: 0,
  receiverUsername: 'csrf-attacker@example.com',
  validityType: ValidityType.permanent,
  keyRight: EKeyAuthorized.yes,
};
const attackerKeys = async () =>
  server.app.services.database.db
    .select()
    .from(ekeys)
    .where(and(eq(ekeys.lockId, lockId), eq(ekeys.recipientId, attackerUid)));
const lockName = async () => (await victim.call(lock.detail, { lockId })).body.data?.lockName;

describe('a state-changing call with the session cookie from another page of the same site', () => {
  it.each([
    ['another port of the same host', { origin: 'http://console.example:9999', 'sec-fetch-site': 'same-site' }],
    ['another port, from a browser that sends only Origin', { origin: 'http://console.example:9999' }],
    ['a subdomain', { origin: 'http://evil.console.example:8080', 'sec-fetch-site': 'same-site' }],
    ['a sandboxed frame (Origin null)', { origin: 'null' }],
    ['another site, by fetch metadata alone', { 'sec-fetch-site': 'cross-site' }],
  ])('is refused from %s, sending no eKey', async (_from, headers) => {
    const reply = await victim.call(ekey.send, { ...grant, lockId }, { headers: { host: CONSOLE, ...headers } });
    expect(reply.status).toBe(403);
    expect(reply.body.errorCode).toBe(ERRORS.crossOriginRefused.code);
    expect(reply.body.data).toBeNull();
    expect(await attackerKeys()).toEqual([]);
  });

  it('is refused for a rename by form post, the name unchanged, and the message is translated', async () => {
    const reply = await victim.call(
      lock.rename,
      { lockId, lockName: 'Pwned' },
      { headers: { host: CONSOLE, origin: 'http://console.example:9999', 'accept-language': 'de-DE' } },
    );
    expect(reply.body.errorCode).toBe(ERRORS.crossOriginRefused.code);
    expect(reply.body.errorMsg).toMatch(/Konsole/);
    expect(await lockName()).toBe('Front door');
  });

  it('is refused before an upload’s body is read', async () => {
    const reply = await victim.callMultipart(
      user.updateUserInfo,
      { nickname: 'Pwned' },
      [{ field: 'avatar', filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(64 * 1024) }],
      { headers: { host: CONSOLE, origin: 'http://console.example:9999' } },
    );
    expect(reply.body.errorCode).toBe(ERRORS.crossOriginRefused.code);
    const [me] = await server.app.services.database.db
      .select({ nickname: users.nickname })
      .from(users)
      .where(eq(users.email, 'csrf-victim@example.com'));
    expect(me?.nickname).not.toBe('Pwned');
  });

  it('cannot log the victim’s browser into another account (login CSRF)', async () => {
    const reply = await server
      .client()
      .call(
        user.login,
        { account: 'csrf-attacker@example.com', password: PASSWORD },
        { headers: { host: CONSOLE, origin: 'http://console.example:9999', 'sec-fetch-site': 'same-site' } },
      );
    expect(reply.body.errorCode).toBe(ERRORS.crossOriginRefused.code);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });
});

describe('the console’s own calls and non-browser clients', () => {
  it('pass from the console’s own page', async () => {
    const reply = await victim.call(
      lock.rename,
      { lockId, lockName: 'Back door' },
      { headers: { host: CONSOLE, origin: `http://${CONSOLE}`, 'sec-fetch-site': 'same-origin' } },
    );
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    expect(await lockName()).toBe('Back door');
  });

  it('pass from a page at the configured public address behind a proxy that rewrites the host', async () => {
    const behindProxy = await startTestServer({ PUBLIC_URL: 'https://locks.example.com' });
    try {
      const owner = (await loggedInClient(behindProxy, 'proxied@example.com')).client;
      const proxiedLock = await addLock(owner, 'Proxied door');
      const reply = await owner.call(
        lock.rename,
        { lockId: proxiedLock, lockName: 'Renamed through the proxy' },
        { headers: { host: '10.0.0.5:8080', origin: 'https://locks.example.com', 'sec-fetch-site': 'same-origin' } },
      );
      expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    } finally {
      await behindProxy.close();
    }
  });

  it('pass from a server-side client with its token in the parameters, and from one with the cookie but no browser', async () => {
    const partner = server.client();
    const login = await partner.call(
      user.login,
      { account: 'csrf-victim@example.com', password: PASSWORD },
      { app: SERVER_APP },
    );
    const accessToken = dataOf(login).accessToken;
    const byToken = await partner.call(
      lock.rename,
      { lockId, lockName: 'By token', accessToken },
      { app: SERVER_APP, noCookie: true },
    );
    expect(byToken.body.errorCode, JSON.stringify(byToken.body)).toBe(0);
    const byCookie = await victim.call(lock.rename, { lockId, lockName: 'By cookie' }, { headers: { host: CONSOLE } });
    expect(byCookie.body.errorCode, JSON.stringify(byCookie.body)).toBe(0);
  });

  it('reads (GET) are not affected: a browser cannot read another origin’s reply anyway', async () => {
    const reply = await victim.call(lock.detail, { lockId }, { headers: { origin: 'http://console.example:9999' } });
    expect(reply.body.errorCode).toBe(0);
  });
});
