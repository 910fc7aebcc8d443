import { type CallDefinition, ERRORS, ekey, errorNameOf, passcode } from '@smartlock/contract';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, outbox, passcodes, remoteOperations } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness';

let server: TestServer;
let owner: TestClient;
let lockId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, 'fuzz-owner@example.com')).client;
  await loggedInClient(server, 'fuzz-guest@example.com');
  lockId = await addLock(owner, 'Fuzzed door');
}, 60_000);
afterAll(async () => server?.close());

const now = Date.now();
const hostileText = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.constantFrom("' or 1=1 --", '<img src=x onerror=alert(1)>', '\u0000', '９９９', '1e309', '-0', 'null', '{}', '[]'),
);
/** Values near and across every boundary the rules have, plus junk. */
const instant = fc.oneof(
  fc.integer({ min: now - 30 * 24 * HOUR, max: now + 4 * 365 * 24 * HOUR }),
  fc.constantFrom(now, now - 24 * HOUR, now + 36 * 30 * 24 * HOUR, 0, -1, 2 ** 53),
  hostileText,
);
const cycle = fc.oneof(
  fc
    .record({
      weekDays: fc.array(fc.integer({ min: -1, max: 8 }), { maxLength: 9 }),
      startMinute: fc.integer({ min: -5, max: 1500 }),
      endMinute: fc.integer({ min: -5, max: 1500 }),
    })
    .map((c) => JSON.stringify(c)),
  hostileText,
);
const receiver = fc.oneof(
  fc.constantFrom(
    'fuzz-guest@example.com',
    'nobody@example.com',
    '+61412345678',
    '0412 345 678',
    'fuzz-owner@example.com',
  ),
  hostileText,
);

const ekeyParams = () =>
  fc.record(
    {
      lockId: fc.oneof(fc.constant(lockId), fc.constantFrom(0, -1, 999_999, '01', 'x')),
      receiverUsername: receiver,
      countryCode: fc.oneof(fc.constantFrom('61', '+61', '999', ''), hostileText),
      createUser: fc.constantFrom('0', '1', 'yes', ''),
      validityType: fc.oneof(fc.integer({ min: 0, max: 5 }), hostileText),
      startDate: instant,
      endDate: instant,
      cycle,
      keyName: hostileText,
      remarks: hostileText,
      remoteEnable: fc.constantFrom('0', '1', '2'),
      keyRight: fc.constantFrom('0', '1', '7'),
    },
    { requiredKeys: ['lockId', 'receiverUsername', 'validityType'] },
  );

const passcodeParams = () =>
  fc.record(
    {
      lockId: fc.oneof(fc.constant(lockId), fc.constantFrom(0, 999_999)),
      keyboardPwdType: fc.oneof(fc.integer({ min: 0, max: 7 }), hostileText),
      cycleType: fc.integer({ min: 3, max: 15 }),
      cycleStartHour: fc.integer({ min: -1, max: 25 }),
      cycleEndHour: fc.integer({ min: -1, max: 25 }),
      keyboardPwd: fc.oneof(fc.stringMatching(/^[0-9]{1,12}$/), hostileText),
      keyboardPwdName: hostileText,
      startDate: instant,
      endDate: instant,
    },
    { requiredKeys: ['lockId'] },
  );

async function counts() {
  const db = server.app.services.database.db;
  const [k] = await db.select({ n: count() }).from(ekeys);
  const [p] = await db.select({ n: count() }).from(passcodes);
  const [o] = await db.select({ n: count() }).from(remoteOperations);
  const [m] = await db.select({ n: count() }).from(outbox);
  return { ekeys: k?.n ?? 0, passcodes: p?.n ?? 0, operations: o?.n ?? 0, outbox: m?.n ?? 0 };
}

async function probe(call: CallDefinition, params: Record<string, unknown>) {
  const before = await counts();
  const reply = await owner.call(call, params as Record<string, string | number>);
  expect(reply.status, JSON.stringify({ params, body: reply.body })).toBeLessThan(500);
  expect(errorNameOf(reply.body.errorCode), JSON.stringify(reply.body)).toBeDefined();
  const after = await counts();
  if (reply.body.errorCode !== ERRORS.success.code) {
    // Refused: nothing written at all.
    expect(after, JSON.stringify({ params, body: reply.body })).toEqual(before);
  }
  return reply;
}

describe('fuzzing the send and add calls', () => {
  it('eKey send: never a 5xx, and a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(ekeyParams(), async (params) => {
        const reply = await probe(ekey.send, params);
        // Keep the lock free for the next run.
        if (reply.body.errorCode === 0) await server.app.services.database.db.delete(ekeys);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('eKey batch send: never a 5xx; each pair succeeds or fails on its own', async () => {
    await fc.assert(
      fc.asyncProperty(
        ekeyParams(),
        fc.array(fc.record({ receiverUsername: receiver }), { minLength: 1, maxLength: 4 }),
        async (params, receivers) => {
          const { lockId: _lock, receiverUsername: _receiver, ...rest } = params;
          const before = await counts();
          const reply = await owner.callRaw(ekey.sendBatch, {
            ...rest,
            lockIds: String(lockId),
            receivers: JSON.stringify(receivers),
          });
          expect(reply.status).toBeLessThan(500);
          expect(errorNameOf(reply.body.errorCode)).toBeDefined();
          const after = await counts();
          const made = reply.body.data?.results.filter((r) => r.keyId !== null).length ?? 0;
          expect(after.ekeys - before.ekeys).toBe(made);
          await server.app.services.database.db.delete(ekeys);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('passcode get and add: never a 5xx, and a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(passcodeParams(), async (params) => {
        await probe(passcode.get, params);
        await probe(passcode.add, params);
      }),
      { numRuns: 120 },
    );
  }, 120_000);
});
