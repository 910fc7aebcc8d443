import { parseAccount, user, ValidationCodeType } from '@smartlock/contract';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../db/schema';
import type { TestClient, TestServer } from './harness';
import { dataOf } from './reply';

/** The last validation code delivered to an account, read from the outbox like a user reads mail. */
export async function latestCode(server: TestServer, typed: string): Promise<string> {
  const parsed = parseAccount(typed);
  const account = parsed.ok ? parsed.account.value : typed;
  const [row] = await server.app.services.database.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.recipient, account), eq(outbox.kind, 'validationCode')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = row?.body.match(/\b[0-9]{6}\b/)?.[0];
  if (!code) throw new Error(`no validation code in the outbox for ${account}`);
  return code;
}

export const PASSWORD = 'Harbour#2026';

/** Registers an account through the API (code requested and read from the outbox). */
export async function registerAccount(server: TestServer, client: TestClient, account: string, password = PASSWORD) {
  const sent = await client.call(user.sendValidationCode, { account, type: ValidationCodeType.register });
  expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
  const code = await latestCode(server, account);
  const registered = await client.call(user.register, {
    account,
    password,
    validationCode: code,
    agreement: 1,
  });
  expect(registered.body.errorCode, JSON.stringify(registered.body)).toBe(0);
  return dataOf(registered).uid;
}

/** Registers and logs in; the client then holds the session cookie. */
export async function loggedInClient(server: TestServer, account: string, password = PASSWORD) {
  const client = server.client();
  const uid = await registerAccount(server, client, account, password);
  const login = await client.call(user.login, { account, password });
  expect(login.body.errorCode, JSON.stringify(login.body)).toBe(0);
  return { client, uid };
}
