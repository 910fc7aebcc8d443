import { ERRORS, user, ValidationCodeType } from '@smartlock/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, validationCodes } from '../../db/schema';
import { latestCode, loggedInClient, PASSWORD, registerAccount } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.app.services.database.db;
const userCount = async () => (await db().select({ n: count() }).from(users))[0]?.n ?? 0;

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

  it('refuses to register an account twice', async () => {
    await registerAccount(server, server.client(), 'twice@example.com');
    const again = await server.client().call(user.sendValidationCode, {
      account: 'twice@example.com',
      type: ValidationCodeType.register,
    });
    expect(again.body.errorCode).toBe(ERRORS.accountExists.code);
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
    const { outbox } = await import('../../db/schema');
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, 'lang@example.com'));
    expect(row).toMatchObject({ channel: 'email', locale: 'fr_FR', status: 'stored' });
    expect(row?.body).toContain(code);
    expect(row?.subject).toMatch(/SmartLock Cloud/);
    expect(row?.body).toMatch(/minutes/);
  });

  it('sends codes to mobiles by SMS or voice', async () => {
    await server.client().call(user.sendValidationCode, { account: '0412 000 111', type: 1, channel: 2 });
    const { outbox } = await import('../../db/schema');
    const [row] = await db().select().from(outbox).where(eq(outbox.recipient, '+61412000111'));
    expect(row?.channel).toBe('voice');
  });

  it('sends reset codes only to registered accounts, and session codes only when logged in', async () => {
    const reset = await server.client().call(user.sendValidationCode, {
      account: 'ghost@example.com',
      type: ValidationCodeType.resetPassword,
    });
    expect(reset.body.errorCode).toBe(ERRORS.accountNotRegistered.code);
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
