import { ALL_CALLS, ERRORS, errorNameOf } from '@smartlock/contract';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { startTestServer, type TestServer } from '../test/harness';

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
