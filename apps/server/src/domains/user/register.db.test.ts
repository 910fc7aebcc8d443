import { ERRORS, user, ValidationCodeType } from '@smartlock/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users, validationCodes } from '../../db/schema';
import { latestCode, loggedInClient, PASSWORD, registerAccount } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.app.services.database.db;
const userCount = async () => (await db().select({ n: count() }).from(users))[0]?.n ?? 0;

/** Moves the codes an account was registered with back in time, as if it had registered a while ago. */
async function registeredLongAgo(account: string) {
  await db()
    .update(validationCodes)
    .set({ createdAt: new Date(Date.now() - 3_600_000) })
    .where(eq(validationCodes.account, account));
}

async function codeFor(account: string, type: number = ValidationCodeType.register) {
  const client = server.client();
  const sent = await client.call(user.sendValidationCode, { account, type });
  expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
  return { client, code: await latestCode(server, account) };
}

describe('registration', () => {
  it.each([
    ['a short password', { password: 'ab12' }, 'passwordLength'],
    ['a one-kind password', { password: 'abcdefghij' }, 'passwordTooSimple'],
    ['a password with a space', { password: 'abcd 12345' }, 'passwordIllegalCharacters'],
    ['no agreement', { agreement: 0 }, 'agreementNotTicked'],
    ['a malformed country code', { countryCode: '+0' }, 'badParameter'],
  ] as const)('refuses %s and changes nothing', async (_label, change, error) => {
    const { client, code } = await codeFor(`bad-${error.toLowerCase()}@example.com`);
    const before = await userCount();
    const reply = await client.call(user.register, {
      account: `bad-${error.toLowerCase()}@example.com`,
      password: PASSWORD,
      validationCode: code,
      agreement: 1,
      ...change,
    });
    expect(reply.body.errorCode).toBe(ERRORS[error].code);
    expect(await userCount()).toBe(before);
    const [row] = await db()
      .select()
      .from(validationCodes)
      .where(eq(validationCodes.account, `bad-${error.toLowerCase()}@example.com`));
    expect(row?.consumedAt).toBeNull();
    expect(row?.attempts).toBe(0);
  });

  it.each([
    ['owner@', 'invalidEmail'],
    ['12', 'invalidMobile'],
    ['owner', 'accountFormatError'],
  ] as const)('refuses the account %j with %s', async (account, error) => {
    const reply = await server.client().call(user.sendValidationCode, { account, type: ValidationCodeType.register });
    expect(reply.body.errorCode).toBe(ERRORS[error].code);
  });

  it('answers a registration code asked for a registered account as for a new one, and sends its owner a notice instead, in their language', async () => {
    await registerAccount(server, server.client('fr_FR'), 'twice@example.com');
    await registeredLongAgo('twice@example.com');
    const known = await server.client().call(user.sendValidationCode, {
      account: 'twice@example.com',
      type: ValidationCodeType.register,
    });
    const unknown = await server.client().call(user.sendValidationCode, {
      account: 'once@example.com',
      type: ValidationCodeType.register,
    });
    expect(unknown.body.errorCode).toBe(0);
    expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: unknown.body });

    const [notice, ...others] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'twice@example.com'), eq(outbox.kind, 'registerAttemptNotice')));
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ channel: 'email', locale: 'fr_FR' });
    expect(notice?.subject).toContain('SmartLock Cloud');
    expect(notice?.body).toContain('connectez-vous');
    expect(notice?.body).not.toMatch(/\b[0-9]{6}\b/);
    // The one code the address ever received is the one it registered with.
    const codes = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'twice@example.com'), eq(outbox.kind, 'validationCode')));
    expect(codes).toHaveLength(1);
  });

  it('sends the notice by SMS to a registered mobile number, and the code to a new one', async () => {
    await registerAccount(server, server.client(), '0412 777 001');
    await registeredLongAgo('+61412777001');
    const known = await server.client().call(user.sendValidationCode, { account: '0412 777 001', type: 1, channel: 2 });
    const unknown = await server
      .client()
      .call(user.sendValidationCode, { account: '0412 777 002', type: 1, channel: 2 });
    expect(known.body).toEqual(unknown.body);
    const [notice] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, '+61412777001'), eq(outbox.kind, 'registerAttemptNotice')));
    expect(notice).toMatchObject({ channel: 'sms', locale: 'en_US' });
    expect(notice?.body).toMatch(/log in or reset your password/);
    expect(await latestCode(server, '0412 777 002')).toMatch(/^[0-9]{6}$/);
  });

  it('answers register and reset alike for a registered and an unknown account to a caller without the code; says "already registered" only to one holding a code for the address', async () => {
    await registerAccount(server, server.client(), 'taken-name@example.com');
    await registeredLongAgo('taken-name@example.com');
    const attempt = async (account: string, askCodeFirst: boolean) => {
      const client = server.client();
      if (askCodeFirst) {
        await client.call(user.sendValidationCode, { account, type: ValidationCodeType.register });
        await client.call(user.sendValidationCode, { account, type: ValidationCodeType.resetPassword });
      }
      const register = await client.call(user.register, {
        account,
        password: PASSWORD,
        validationCode: '123456',
        agreement: 1,
      });
      const reset = await client.call(user.resetPassword, { account, validationCode: '123456', password: PASSWORD });
      return [register, reset].map(({ status, body }) => ({ status, body }));
    };
    for (const askCodeFirst of [false, true]) {
      const known = await attempt('taken-name@example.com', askCodeFirst);
      const unknown = await attempt(`free-name-${askCodeFirst}@example.com`, askCodeFirst);
      expect(known).toEqual(unknown);
      expect(known.map((reply) => reply.body.errorCode)).toEqual([
        ERRORS.validationCodeWrong.code,
        ERRORS.validationCodeWrong.code,
      ]);
    }

    // A code sent for a new address, which another user then takes: its holder proved the address.
    const { client, code } = await codeFor('claimed@example.com');
    const { client: other } = await loggedInClient(server, 'claimer@example.com');
    const sent = await other.call(user.sendValidationCode, {
      account: 'claimed@example.com',
      type: ValidationCodeType.changeAccount,
    });
    expect(sent.body.errorCode).toBe(0);
    const bind = await other.call(user.changeAccount, {
      account: 'claimed@example.com',
      validationCode: await latestCode(server, 'claimed@example.com'),
    });
    expect(bind.body.errorCode, JSON.stringify(bind.body)).toBe(0);
    const registered = await client.call(user.register, {
      account: 'claimed@example.com',
      password: PASSWORD,
      validationCode: code,
      agreement: 1,
    });
    expect(registered.body.errorCode).toBe(ERRORS.accountExists.code);
  });

  it('limits registrations and resets from one address: beyond 20 in 15 minutes, too many requests', async () => {
    const client = server.client();
    for (let i = 0; i < 20; i++) {
      const call = i % 2 === 0 ? user.register : user.resetPassword;
      const reply = await client.callRaw(call, {
        account: `limited-${i}@example.com`,
        password: PASSWORD,
        validationCode: '123456',
        agreement: 1,
      });
      expect(reply.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
    }
    for (const call of [user.register, user.resetPassword]) {
      const reply = await client.callRaw(call, {
        account: 'limited-more@example.com',
        password: PASSWORD,
        validationCode: '123456',
        agreement: 1,
      });
      expect(reply.status).toBe(429);
      expect(reply.body.errorCode).toBe(ERRORS.tooManyRequests.code);
    }
    const elsewhere = await server.client().call(user.register, {
      account: 'limited-more@example.com',
      password: PASSWORD,
      validationCode: '123456',
      agreement: 1,
    });
    expect(elsewhere.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
  });

  it('limits registrations and resets for one account, from any address: beyond 20 in 15 minutes, too many requests', async () => {
    for (let i = 0; i < 20; i++) {
      const reply = await server
        .client()
        .call(user.resetPassword, { account: 'target@example.com', validationCode: '123456', password: PASSWORD });
      expect(reply.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
    }
    const more = await server
      .client()
      .call(user.resetPassword, { account: 'target@example.com', validationCode: '123456', password: PASSWORD });
    expect(more.body.errorCode).toBe(ERRORS.tooManyRequests.code);
  });

  it('refuses a wrong validation code and counts the try', async () => {
    const { client, code } = await codeFor('wrong@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const reply = await client.call(user.register, {
      account: 'wrong@example.com',
      password: PASSWORD,
      validationCode: wrong,
      agreement: 1,
    });
    expect(reply.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
    const [row] = await db().select().from(validationCodes).where(eq(validationCodes.account, 'wrong@example.com'));
    expect(row?.attempts).toBe(1);
  });

  it('refuses an expired validation code', async () => {
    const { client, code } = await codeFor('late@example.com');
    await db()
      .update(validationCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(validationCodes.account, 'late@example.com'));
    const reply = await client.call(user.register, {
      account: 'late@example.com',
      password: PASSWORD,
      validationCode: code,
      agreement: 1,
    });
    expect(reply.body.errorCode).toBe(ERRORS.validationCodeExpired.code);
  });

  it('locks a code after five wrong tries, even for the right one', async () => {
    const { client, code } = await codeFor('tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const reply = await client.call(user.register, {
        account: 'tries@example.com',
        password: PASSWORD,
        validationCode: wrong,
        agreement: 1,
      });
      expect(reply.body.errorCode).toBe(ERRORS.validationCodeWrong.code);
    }
    const right = await client.call(user.register, {
      account: 'tries@example.com',
      password: PASSWORD,
      validationCode: code,
      agreement: 1,
    });
    expect(right.body.errorCode).toBe(ERRORS.validationCodeTooManyTries.code);
  });

  it('refuses a reused validation code', async () => {
    await registerAccount(server, server.client(), 'reuse@example.com');
    const { client, code } = await codeFor('reuse@example.com', ValidationCodeType.resetPassword);
    const first = await client.call(user.resetPassword, {
      account: 'reuse@example.com',
      validationCode: code,
      password: 'Another#2026',
    });
    expect(first.body.errorCode).toBe(0);
    const second = await client.call(user.resetPassword, {
      account: 'reuse@example.com',
      validationCode: code,
      password: 'Third#20266',
    });
    expect(second.body.errorCode).toBe(ERRORS.validationCodeUsed.code);
  });

  it('asks to wait before sending another code to the same account', async () => {
    await codeFor('again@example.com');
    const again = await server.client().call(user.sendValidationCode, {
      account: 'again@example.com',
      type: ValidationCodeType.register,
    });
    expect(again.body.errorCode).toBe(ERRORS.validationCodeTooFrequent.code);
    expect(again.body.errorMsg).toMatch(/\d+ seconds/);
  });

  it('delivers the code in the requested language', async () => {
    await server
      .client('fr_FR')
      .call(user.sendValidationCode, { account: 'lang@example.com', type: ValidationCodeType.register });
    const code = await latestCode(server, 'lang@example.com');
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, 'lang@example.com'));
    expect(row).toMatchObject({ channel: 'email', locale: 'fr_FR', status: 'stored' });
    expect(row?.body).toContain(code);
    expect(row?.subject).toMatch(/SmartLock Cloud/);
    expect(row?.body).toMatch(/minutes/);
  });

  it('sends codes to mobiles by SMS or voice', async () => {
    await server.client().call(user.sendValidationCode, { account: '0412 000 111', type: 1, channel: 2 });
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, '+61412000111'));
    expect(row?.channel).toBe('voice');
  });

  it('answers a reset code asked for an unknown account as for a known one: an email notice, nothing to a mobile', async () => {
    await registerAccount(server, server.client(), 'known-reset@example.com');
    await registerAccount(server, server.client(), '0412 888 001');
    const ask = async (account: string) => {
      const reply = await server.client().call(user.sendValidationCode, {
        account,
        type: ValidationCodeType.resetPassword,
      });
      return { status: reply.status, body: reply.body };
    };
    const knownEmail = await ask('known-reset@example.com');
    expect(knownEmail.body.errorCode).toBe(0);
    expect(await ask('ghost@example.com')).toEqual(knownEmail);
    expect(await ask('0412 888 001')).toEqual(knownEmail);
    expect(await ask('0412 888 002')).toEqual(knownEmail);

    const to = (recipient: string) => db().select().from(outbox).where(eq(outbox.recipient, recipient));
    const [notice, ...more] = await to('ghost@example.com');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: 'resetUnknownNotice', channel: 'email', locale: 'en_US' });
    expect(notice?.body).toMatch(/no account uses it/);
    expect(await to('+61412888002')).toEqual([]);
    expect(await latestCode(server, '0412 888 001')).toMatch(/^[0-9]{6}$/);
    // The unknown number is throttled like a known one: the next request within a minute waits.
    expect((await ask('0412 888 002')).body.errorCode).toBe(ERRORS.validationCodeTooFrequent.code);
  });

  it('sends session codes only when logged in, and to the account of the right kind', async () => {
    const bind = await server.client().call(user.sendValidationCode, {
      account: 'new@example.com',
      type: ValidationCodeType.bindEmail,
    });
    expect(bind.body.errorCode).toBe(ERRORS.notLoggedIn.code);
    const { client } = await loggedInClient(server, 'binder@example.com');
    const transfer = await client.call(user.sendValidationCode, {
      account: 'someone@example.com',
      type: ValidationCodeType.transferLock,
    });
    expect(transfer.body.errorCode).toBe(ERRORS.noPermission.code);
    const own = await client.call(user.sendValidationCode, {
      account: 'binder@example.com',
      type: ValidationCodeType.transferLock,
    });
    expect(own.body.errorCode).toBe(0);
  });

  it('resets a password and ends every session of the account', async () => {
    const { client } = await loggedInClient(server, 'reset@example.com');
    const { code } = await codeFor('reset@example.com', ValidationCodeType.resetPassword);
    const weak = await server.client().call(user.resetPassword, {
      account: 'reset@example.com',
      validationCode: code,
      password: 'short',
    });
    expect(weak.body.errorCode).toBe(ERRORS.passwordLength.code);
    const reset = await server.client().call(user.resetPassword, {
      account: 'reset@example.com',
      validationCode: code,
      password: 'Brand#New2026',
    });
    expect(reset.body.errorCode).toBe(0);
    expect((await client.call(user.getInfo)).body.errorCode).toBe(ERRORS.loginExpired.code);
    const oldPassword = await server.client().call(user.login, { account: 'reset@example.com', password: PASSWORD });
    expect(oldPassword.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    const newPassword = await server
      .client()
      .call(user.login, { account: 'reset@example.com', password: 'Brand#New2026' });
    expect(newPassword.body.errorCode).toBe(0);
  });

  it('refuses an account type the brand does not take', async () => {
    const reply = await server.client().call(user.sendValidationCode, {
      account: '0412 999 888',
      type: ValidationCodeType.register,
      packageName: 'com.harborstays.console',
    });
    expect(reply.body.errorCode).toBe(ERRORS.accountTypeNotSupported.code);
  });
});
