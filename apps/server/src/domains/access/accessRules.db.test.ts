import { CredentialKind, type EKeyCycle, type LockCredentialKind, type PassagePeriod } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, lockCredentials, lockGroupLocks, lockGroups, locks, passcodes } from '../../db/schema';
import { personAccount, seedAccessCredentials } from '../../test/accessSeed';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { seededRandom } from '../../test/humanDrag';
import { personKey } from '../lockUser/lockUserQueries';
import { type AccessScope, type AccessWindow, accessAnswer } from './accessQueries';
import { credentialRule, eKeyRule, type OpeningRule, opensWithin, passageRule, passcodeRule } from './accessRules';

/**
 * The SQL's answer (accessQueries.ts) against the TypeScript decision (accessRules.ts, the lock's
 * rules) over generated credentials of every kind, validity and status on locks in six time
 * zones with generated passage modes, at generated moments and ranges: they never differ.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const AROUND = Date.UTC(2026, 10, 27, 12, 0, 0);
/** Offsets of the locks: UTC, China, New York, India, Chatham (+12:45), Marquesas (-9:30). */
const OFFSETS = [0, 8 * HOUR, -5 * HOUR, 5.5 * HOUR, 12.75 * HOUR, -9.5 * HOUR];
const PEOPLE = 40;
const CREDENTIALS = 1600;

interface Known {
  key: string;
  lockId: number;
  who: string;
  rule: OpeningRule;
}

let server: TestServer;
let ownerId: number;
let groupId: number;
const lockIds: number[] = [];
const offsets = new Map<number, number>();
const known: Known[] = [];
const passages = new Map<number, OpeningRule>();

const at = (date: Date | null) => date?.getTime() ?? null;
const cycleOf = (value: unknown) => (value ?? null) as EKeyCycle | null;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.app.services.database.db;
  const login = await loggedInClient(server, 'access-rules@example.com');
  ownerId = login.uid;
  const random = seededRandom(20261127);
  for (const [n, offset] of OFFSETS.entries()) {
    const lockId = await addLock(login.client, `Door ${n}`);
    const periods: PassagePeriod[] = random() < 0.8 ? [{ ...cyclePeriod(random) }] : [];
    const passageMode = { passageMode: random() < 0.7 ? 1 : 2, periods };
    const switches = { allDayPassage: random() < 0.3 ? 1 : 2 };
    await db.update(locks).set({ timezoneRawOffset: offset, passageMode, switches }).where(eq(locks.id, lockId));
    lockIds.push(lockId);
    offsets.set(lockId, offset);
    passages.set(lockId, passageRule({ passageMode, switches }, offset));
  }
  const [group] = await db.insert(lockGroups).values({ ownerId, name: 'All doors' }).returning();
  groupId = group?.id as number;
  await db.insert(lockGroupLocks).values(lockIds.map((lockId) => ({ userId: ownerId, lockId, groupId })));
  await seedAccessCredentials(db, CREDENTIALS, { lockIds, ownerId, around: AROUND, people: PEOPLE, seed: 7 });
  const offset = (lockId: number) => offsets.get(lockId) as number;
  for (const k of await db.select().from(ekeys)) {
    const key = { ...k, startDate: at(k.startDate), endDate: at(k.endDate), cycle: cycleOf(k.cycle) };
    known.push({
      key: `ekey:${k.id}`,
      lockId: k.lockId,
      who: personKey(k.recipientAccount),
      rule: eKeyRule(key, offset(k.lockId)),
    });
  }
  for (const p of await db.select().from(passcodes)) {
    const code = { ...p, startDate: at(p.startDate), endDate: at(p.endDate) };
    known.push({
      key: `passcode:${p.id}`,
      lockId: p.lockId,
      who: personKey(p.name),
      rule: passcodeRule(code, offset(p.lockId)),
    });
  }
  for (const c of await db.select().from(lockCredentials)) {
    const credential = { ...c, startDate: at(c.startDate), endDate: at(c.endDate), cycle: cycleOf(c.cycle) };
    known.push({
      key: `${CredentialKind[c.kind as LockCredentialKind]}:${c.id}`,
      lockId: c.lockId,
      who: personKey(c.name),
      rule: credentialRule(credential, offset(c.lockId)),
    });
  }
}, 120_000);
afterAll(async () => server?.close());

function cyclePeriod(random: () => number): PassagePeriod {
  const weekDays = [1, 2, 3, 4, 5, 6, 7].filter(() => random() < 0.5);
  const startMinute = Math.floor(random() * 1400);
  return {
    weekDays: weekDays.length > 0 ? weekDays : [3],
    startMinute,
    endMinute: startMinute + 1 + Math.floor(random() * (1440 - startMinute)),
  };
}

/** What the TypeScript decision says opens in the window, among the known credentials in scope. */
function expected(window: AccessWindow, inScope: (k: Known) => boolean): string[] {
  return known
    .filter((k) => inScope(k) && opensWithin(k.rule, window.from, window.to, offsets.get(k.lockId) as number))
    .map((k) => k.key)
    .sort();
}

async function answered(scope: AccessScope, window: AccessWindow) {
  const db = server.app.services.database.db;
  const answer = await accessAnswer(db, scope, window, { pageNo: 1, pageSize: 100_000 }, 1000);
  expect(answer.total).toBe(answer.list.length);
  return {
    keys: answer.list.map((item) => `${item.kind}:${item.credentialId}`).sort(),
    passage: answer.passageLocks.map((lock) => lock.lockId).sort((a, b) => a - b),
  };
}

function expectedPassage(window: AccessWindow): number[] {
  return lockIds
    .filter((lockId) =>
      opensWithin(passages.get(lockId) as OpeningRule, window.from, window.to, offsets.get(lockId) as number),
    )
    .sort((a, b) => a - b);
}

/** Moments: anywhere around, on minute and hour boundaries, at validity edges (a millisecond either side). */
function moments(random: () => number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const base = AROUND + Math.floor((random() - 0.5) * 44 * DAY);
    const choice = i % 4;
    if (choice === 0) out.push(base);
    else if (choice === 1) out.push(Math.floor(base / 60_000) * 60_000 - (random() < 0.5 ? 1 : 0));
    else if (choice === 2) out.push(Math.floor(base / (HOUR / 4)) * (HOUR / 4));
    else out.push(Math.floor(base / DAY) * DAY - (random() < 0.5 ? 1 : 0));
  }
  return out;
}

describe('the SQL answers as the TypeScript decision does', () => {
  it('at generated moments, for the group of every lock, each lock and each person', async () => {
    const random = seededRandom(11);
    // eKeys of one person on one lock collide and are left out; the rest are all there.
    expect(known.length).toBeGreaterThan(CREDENTIALS * 0.8);
    let opened = 0;
    for (const [n, moment] of moments(random, 160).entries()) {
      const window = { from: moment, to: moment + 1 };
      const lockId = lockIds[n % lockIds.length] as number;
      const who = personKey(personAccount(n % PEOPLE));
      const name = personKey(`Person ${n % PEOPLE}`);
      const all = await answered({ userId: ownerId, groupId }, window);
      expect(all.keys, `group at ${moment}`).toEqual(expected(window, () => true));
      expect(all.passage, `passage at ${moment}`).toEqual(expectedPassage(window));
      opened += all.keys.length;
      const one = await answered({ lockId }, window);
      expect(one.keys, `lock ${lockId} at ${moment}`).toEqual(expected(window, (k) => k.lockId === lockId));
      const person = await answered({ userId: ownerId, lockUser: n % 2 === 0 ? who : name }, window);
      expect(person.keys, `person at ${moment}`).toEqual(expected(window, (k) => k.who === (n % 2 === 0 ? who : name)));
    }
    // The cases are not vacuous: many credentials open at the moments asked.
    expect(opened).toBeGreaterThan(160 * 50);
  }, 180_000);

  it('over generated ranges, from a millisecond to 31 days', async () => {
    const random = seededRandom(12);
    const starts = moments(random, 100);
    let opened = 0;
    for (const [n, from] of starts.entries()) {
      const lengths = [
        1 + Math.floor(random() * HOUR),
        Math.floor(random() * 2 * DAY),
        Math.floor(random() * 31 * DAY),
      ];
      const window = { from, to: from + Math.max(1, lengths[n % 3] as number) };
      const all = await answered({ userId: ownerId, groupId }, window);
      expect(all.keys, `group over [${window.from}, ${window.to})`).toEqual(expected(window, () => true));
      expect(all.passage, `passage over [${window.from}, ${window.to})`).toEqual(expectedPassage(window));
      opened += all.keys.length;
    }
    expect(opened).toBeGreaterThan(100 * 100);
  }, 180_000);
});
