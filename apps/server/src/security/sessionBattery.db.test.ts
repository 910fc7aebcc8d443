import { ERRORS, user, ValidationCodeType } from '@smartlock/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../db/schema';
import { latestCode, loggedInClient, PASSWORD } from '../test/fixtures';
import { startTestServer, TestClient, type TestServer } from '../test/harness';

/**
 * The signature and session battery, played across two instances sharing one PostgreSQL
 * database (with TEST_DATABASE_URL), so nothing an attacker tries on one instance works on the
 * other: every check is the database's, not one process's memory. On PGlite both are one instance.
 */
const twoInstances = Boolean(process.env.TEST_DATABASE_URL);
const SECRET_KEY = 'the-session-battery-shares-this-secret-0123456789';

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await startTestServer({ SECRET_KEY });
  second = twoInstances ? await startTestServer({ SECRET_KEY, DATABASE_URL: first.databaseUrl }) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

/** The same caller (address, cookie) on the other instance, as a balancer would send it. */
function onSecond(client: TestClient): TestClient {
  const moved = new TestClient(second.app, client.lang, client.ip);
  moved.cookie = client.cookie;
  return moved;
}

const outboxSize = async () => (await first.app.services.database.db.select({ n: count() }).from(outbox))[0]?.n;

describe(`signature and session ${twoInstances ? 'across two instances' : 'on one instance'}`, () => {
  it('refuses a signed call whose parameter was changed on the way, changing nothing', async () => {
    const before = await first.app.services.database.db.select({ n: count() }).from(users);
    const reply = await second
      .client()
      .call(
        user.sendValidationCode,
        { account: 'tamper@example.com', type: ValidationCodeType.register },
        { tamper: { account: 'victim@example.com' } },
      );
    expect(reply.status).toBe(403);
    expect(reply.body.errorCode).toBe(ERRORS.badSignature.code);
    expect(await first.app.services.database.db.select({ n: count() }).from(users)).toEqual(before);
  });

  it('refuses a state-changing call replayed through the other instance', async () => {
    const client = first.client();
    const signed = await client.signed(user.sendValidationCode, {
      account: 'replayed@example.com',
      type: ValidationCodeType.register,
    });
    expect((await client.send('POST', user.sendValidationCode.path, signed)).body.errorCode).toBe(0);
    const sent = await outboxSize();
    const again = await onSecond(client).send('POST', user.sendValidationCode.path, signed);
    expect(again.body.errorCode).toBe(ERRORS.replayedRequest.code);
    expect(await outboxSize()).toBe(sent);
  });

  it('refuses a captured call sent again once its timestamp is outside the window', async () => {
    const client = first.client();
    const signed = await client.signed(
      user.sendValidationCode,
      { account: 'late@example.com', type: ValidationCodeType.register },
      { timestamp: Date.now() - 6 * 60_000 },
    );
    const sent = await outboxSize();
    const late = await onSecond(client).send('POST', user.sendValidationCode.path, signed);
    expect(late.body.errorCode).toBe(ERRORS.staleTimestamp.code);
    expect(await outboxSize()).toBe(sent);
  });

  it('refuses a cookie stolen before its owner logged out, on either instance', async () => {
    const { client } = await loggedInClient(first, 'stolen-cookie@example.com');
    const thief = onSecond(client);
    expect((await thief.call(user.getInfo)).body.errorCode).toBe(0);
    const stolen = client.cookie;
    expect((await client.call(user.logout)).body.errorCode).toBe(0);
    thief.cookie = stolen;
    expect((await thief.call(user.getInfo)).body.errorCode).toBe(ERRORS.loginExpired.code);
    const onFirst = first.client();
    onFirst.cookie = stolen;
    expect((await onFirst.call(user.getInfo)).body.errorCode).toBe(ERRORS.loginExpired.code);
  });

  it('counts wrong passwords on both instances together: after three, the slider is asked for', async () => {
    await loggedInClient(first, 'guessed@example.com');
    const attacker = first.client();
    for (const client of [attacker, attacker, onSecond(attacker)]) {
      const reply = await client.call(user.login, { account: 'guessed@example.com', password: 'Wrong#2026' });
      expect(reply.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    }
    const fourth = await onSecond(attacker).call(user.login, {
      account: 'guessed@example.com',
      password: 'Wrong#2026',
    });
    expect(fourth.body.errorCode).toBe(ERRORS.sliderRequired.code);
  });

  it('counts wrong validation codes on both instances together: after five, even the right one is refused', async () => {
    const client = first.client();
    const account = 'code-guess@example.com';
    expect(
      (await client.call(user.sendValidationCode, { account, type: ValidationCodeType.register })).body.errorCode,
    ).toBe(0);
    const code = await latestCode(first, account);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const via = i % 2 === 0 ? client : onSecond(client);
      const reply = await via.call(user.register, { account, password: PASSWORD, validationCode: wrong, agreement: 1 });
      expect(reply.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
    }
    const right = await onSecond(client).call(user.register, {
      account,
      password: PASSWORD,
      validationCode: code,
      agreement: 1,
    });
    expect(right.body.errorCode).toBe(ERRORS.validationCodeTooManyTries.code);
  });
});
