import { user } from '@smartlock/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/harness';
import { hashPassword, verifyPassword } from './password';

const SECRET_PASSWORD = 'Unique#Pass4217';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('passwords and tokens stay secret', () => {
  it('stores passwords only as argon2id hashes and never writes them to the log', async () => {
    const { client } = await loggedInClient(server, 'secret@example.com', SECRET_PASSWORD);
    await client.call(user.checkPassword, { password: SECRET_PASSWORD });
    await server.client().call(user.login, { account: 'secret@example.com', password: `${SECRET_PASSWORD}x` });

    const dump = await server.app.services.database.db.execute(
      sql`select row_to_json(t)::text as row from (select * from users) t
          union all select row_to_json(t)::text from (select * from outbox) t
          union all select row_to_json(t)::text from (select * from sessions) t`,
    );
    const rows = JSON.stringify(dump);
    expect(rows).not.toContain(SECRET_PASSWORD);
    expect(rows).toContain('$argon2id$');
    expect(server.logs.join('')).not.toContain(SECRET_PASSWORD);
    expect(server.logs.length).toBeGreaterThan(0);
  });

  it('never logs the session cookie or an access token sent as a parameter', async () => {
    const { client } = await loggedInClient(server, 'cookielog@example.com');
    await client.call(user.getInfo);
    expect(client.cookie).toBeTruthy();
    expect(server.logs.join('')).not.toContain(client.cookie as string);
    await server.client().call(user.getInfo, { accessToken: 'leaky-token-value-123' });
    expect(server.logs.join('')).not.toContain('leaky-token-value-123');
  });

  it('hashes with a random salt and verifies only the right password', async () => {
    const first = await hashPassword('Same#Pass2026');
    const second = await hashPassword('Same#Pass2026');
    expect(first).not.toBe(second);
    expect(first.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(first, 'Same#Pass2026')).toBe(true);
    expect(await verifyPassword(first, 'Same#Pass2027')).toBe(false);
    expect(await verifyPassword(undefined, 'Same#Pass2026')).toBe(false);
  });
});
