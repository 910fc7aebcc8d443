import { ALL_CALLS, ERRORS, errorNameOf, isLoginExpired, user } from '@smartlock/contract';
import { count, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { addGateway, addLock } from '../test/devices';
import { loggedInClient, PASSWORD } from '../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Hostile values: any text, injection strings, control characters, huge and odd numbers. */
const hostile = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
    '${7*7}',
    '../../etc/passwd',
    '\u0000\u0001\u202e',
    '９９９',
    '-1',
    '1e309',
    '99999999999999999999',
    'NaN',
    '',
    ' ',
  ),
);

const counts = async () => {
  const db = server.app.services.database.db;
  const [u] = await db.select({ n: count() }).from(users);
  const [s] = await db.select({ n: count() }).from(sessions);
  return { users: u?.n, sessions: s?.n };
};

describe('hostile parameters on every call', () => {
  for (const call of ALL_CALLS) {
    it(`${call.method} ${call.path}: never a 5xx, always a catalogue error or success, nothing created`, async () => {
      const before = await counts();
      const names = [...Object.keys((call.params as unknown as { shape?: object }).shape ?? {}), 'extra'];
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...names), hostile, { maxKeys: names.length }),
          async (params) => {
            const reply = await server.client().call(call, params);
            expect(reply.status, JSON.stringify({ params, body: reply.body })).toBeLessThan(500);
            expect(errorNameOf(reply.body.errorCode), JSON.stringify(reply.body)).toBeDefined();
            if (reply.body.errorCode !== ERRORS.success.code) expect(reply.body.data).toBeNull();
          },
        ),
        { numRuns: 40 },
      );
      expect(await counts()).toEqual(before);
    }, 120_000);
  }
});

/**
 * Tables a refused call may still write, on purpose: the replay nonce of a signed call, rate and
 * failure counters, the session's last use, a wrong code's try count, a slider puzzle served.
 */
const WRITTEN_WHEN_REFUSED = ['request_nonces', 'rate_counters', 'sessions', 'validation_codes', 'slider_challenges'];

/** The query fingerprinting every other table's whole content (the tables are listed once). */
let fingerprintQuery: string | undefined;
async function fingerprintSql(): Promise<string> {
  if (fingerprintQuery) return fingerprintQuery;
  const tables = (
    (await server.app.services.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%' order by 1`,
    )) as unknown as { rows: { name: string }[] }
  ).rows
    .map((row) => row.name)
    .filter((name) => !WRITTEN_WHEN_REFUSED.includes(name));
  const parts = tables.map(
    (name) =>
      `select '${name}' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as part from "${name}" t`,
  );
  fingerprintQuery = `select md5(string_agg(part, '|' order by part)) as digest from (${parts.join(' union all ')}) p`;
  return fingerprintQuery;
}

/** One fingerprint of every other table's whole content, in one query. */
async function fingerprint(): Promise<string> {
  const result = (await server.app.services.database.db.execute(sql.raw(await fingerprintSql()))) as unknown as {
    rows: { digest: string }[];
  };
  return result.rows[0]?.digest ?? '';
}

describe('hostile parameters on every call, signed in as an owner with a lock and a gateway', () => {
  let owner: TestClient;
  let lockId: number;
  let gatewayId: number;
  beforeAll(async () => {
    owner = (await loggedInClient(server, 'fuzzed-owner@example.com')).client;
    lockId = await addLock(owner, 'Fuzzed door');
    gatewayId = (await addGateway(owner, 'Fuzzed gateway', [lockId])).gatewayId;
  });

  /** Hostile values, and now and then a real id of the owner's, so calls get past the lookups. */
  const value = fc.oneof(
    { weight: 3, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constantFrom('lock', 'gateway', '1', '0', '20', '2026-01-01') },
  );

  for (const call of ALL_CALLS.filter((c) => c.auth === 'session' && !c.upload)) {
    it(`${call.method} ${call.path}: never a 5xx, always a catalogue error or success, a refusal writes nothing`, async () => {
      const names = [...Object.keys((call.params as unknown as { shape?: object }).shape ?? {}), 'extra'];
      /**
       * The fingerprint as the last refusal left it: proven unchanged by that refusal, it is the
       * next run's "before" too, until a call succeeds or the owner logs in again.
       */
      let unchanged: string | undefined;
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length }), async (drawn) => {
          const params = Object.fromEntries(
            Object.entries(drawn).map(([name, v]) => [
              name,
              v === 'lock' ? String(lockId) : v === 'gateway' ? String(gatewayId) : v,
            ]),
          );
          const before = call.method === 'POST' ? (unchanged ?? (await fingerprint())) : '';
          unchanged = undefined;
          const reply = await owner.call(call, params);
          const context = JSON.stringify({ params, body: reply.body });
          expect(reply.status, context).toBeLessThan(500);
          expect(errorNameOf(reply.body.errorCode), context).toBeDefined();
          if (reply.body.errorCode === ERRORS.success.code) return;
          expect(reply.body.data, context).toBeNull();
          if (call.method === 'POST') {
            expect(await fingerprint(), context).toBe(before);
            unchanged = before;
          }
          // A call that ended the session (logout, a deleted account) leaves the next runs a fresh one.
          if (isLoginExpired(reply.body.errorCode)) {
            unchanged = undefined;
            owner = server.client();
            await owner.call(user.login, { account: 'fuzzed-owner@example.com', password: PASSWORD });
          }
        }),
        { numRuns: 15 },
      );
    }, 120_000);
  }
});
