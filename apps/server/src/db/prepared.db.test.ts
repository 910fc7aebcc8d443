import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { preparedStatement, preparedWithSearch } from './prepared';
import { requestNonces } from './schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The nonces of one app: a statement prepared once, run with each value. */
const noncesOf = preparedStatement((db) =>
  db
    .select({ sign: requestNonces.sign })
    .from(requestNonces)
    .where(eq(requestNonces.appId, sql.placeholder('appId')))
    .orderBy(requestNonces.sign)
    .prepare('test_nonces_of_app'),
);

describe('prepared statements', () => {
  it('run again with new values give the rows of those values', async () => {
    const { db } = server.app.services.database;
    const expiresAt = new Date(Date.now() + 60_000);
    await db.insert(requestNonces).values([
      { appId: 'prepared-a', sign: 'a1', expiresAt },
      { appId: 'prepared-b', sign: 'b1', expiresAt },
      { appId: 'prepared-b', sign: 'b2', expiresAt },
    ]);
    expect(noncesOf(db)).toBe(noncesOf(db));
    expect(await noncesOf(db).execute({ appId: 'prepared-a' })).toEqual([{ sign: 'a1' }]);
    expect(await noncesOf(db).execute({ appId: 'prepared-b' })).toEqual([{ sign: 'b1' }, { sign: 'b2' }]);
    expect(await noncesOf(db).execute({ appId: 'prepared-none' })).toEqual([]);
  });

  it('asked inside a transaction run in it: they see its rows, and nothing once it rolls back', async () => {
    const { db } = server.app.services.database;
    const expiresAt = new Date(Date.now() + 60_000);
    const seen = await db
      .transaction(async (tx) => {
        await tx.insert(requestNonces).values({ appId: 'prepared-tx', sign: 't1', expiresAt });
        expect(noncesOf(tx)).not.toBe(noncesOf(db));
        const inside = await noncesOf(tx).execute({ appId: 'prepared-tx' });
        throw Object.assign(new Error('roll back'), { inside });
      })
      .catch((error: { inside?: unknown }) => error.inside);
    expect(seen).toEqual([{ sign: 't1' }]);
    expect(await noncesOf(db).execute({ appId: 'prepared-tx' })).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'are planned for each run’s own values on PostgreSQL, never once for all',
    async () => {
      const { db } = server.app.services.database;
      const shown = (await db.execute(sql`show plan_cache_mode`)) as unknown as { rows: { plan_cache_mode: string }[] };
      expect(shown.rows[0]?.plan_cache_mode).toBe('force_custom_plan');
    },
  );

  it('keep a list with and without a search apart', async () => {
    const { db } = server.app.services.database;
    const listing = preparedWithSearch((executor, searching) =>
      executor
        .select({ sign: requestNonces.sign })
        .from(requestNonces)
        .where(
          searching
            ? sql`${requestNonces.appId} = ${sql.placeholder('appId')} and ${requestNonces.sign} like ${sql.placeholder('pattern')}`
            : eq(requestNonces.appId, sql.placeholder('appId')),
        )
        .orderBy(requestNonces.sign)
        .prepare(searching ? 'test_nonces_search' : 'test_nonces_plain'),
    );
    expect(listing(db, true)).not.toBe(listing(db, false));
    expect(await listing(db, false).execute({ appId: 'prepared-b' })).toEqual([{ sign: 'b1' }, { sign: 'b2' }]);
    expect(await listing(db, true).execute({ appId: 'prepared-b', pattern: '%2' })).toEqual([{ sign: 'b2' }]);
  });
});
