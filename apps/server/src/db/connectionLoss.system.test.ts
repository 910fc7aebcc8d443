import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { isDatabaseUnavailable } from './unavailable';

/**
 * PostgreSQL ending the connection of a transaction between two of its queries (a restart, a
 * fail-over, an administrator): the process must not crash, the transaction fails as
 * "unavailable", and the next one runs on a fresh connection. Needs TEST_DATABASE_URL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a transaction whose connection is ended between two queries', () => {
  let server: TestServer;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  beforeAll(async () => {
    server = await startTestServer();
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await server.close();
  });

  it('fails as unavailable without crashing the process, and the next transaction runs', async () => {
    const db = server.app.services.database.db;
    const failed = await db
      .transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const pid = result.rows[0]?.pid;
        // The transaction's own connection (drizzle's session holds it): it tells when it has ended.
        const connection = (tx as unknown as { session: { client: pg.ClientBase } }).session.client;
        const ended = new Promise((resolve) => connection.once('end', resolve));
        const admin = new pg.Client({ connectionString: server.databaseUrl });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        // No query of this transaction runs while its connection goes away: the next one comes after.
        await ended;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
    expect(uncaught).toEqual([]);
    const after = (await db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(after.rows[0]).toEqual({ one: 1 });
  });
});
