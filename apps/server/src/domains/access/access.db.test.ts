import {
  access,
  CardStatus,
  CredentialStatus,
  EKeyAuthorized,
  EKeyStatus,
  ERRORS,
  PasscodeStatus,
  PasscodeType,
  user,
  ValidityType,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, lockCredentials, lockGroupLocks, lockGroups, locks, passcodes } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient, PASSWORD } from '../../test/fixtures';
import { dataOf, type Reply, startTestServer, type TestClient, type TestServer } from '../../test/harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHINA = 8 * HOUR;
/** Sunday 29 November 2026, 00:00 UTC; Monday 00:00 in China is Sunday 16:00 UTC. */
const SUNDAY = Date.UTC(2026, 10, 29);
const MONDAY_IN_CHINA = SUNDAY + 16 * HOUR;
/** When the timed credentials start: Saturday 10:00 UTC. */
const T0 = SUNDAY - 14 * HOUR;

let server: TestServer;
let owner: TestClient;
let admin: TestClient;
let stranger: TestClient;
let ownerId: number;
let front: number;
let back: number;
let strangersLock: number;
let groupId: number;
const ids: Record<string, string> = {};

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  expect(answered.body.errorCode, JSON.stringify(answered.body)).toBe(0);
  return dataOf(answered);
}

type Answer = Awaited<ReturnType<typeof askLock>>;
const askLock = (client: TestClient, lockId: number, startDate: number, endDate?: number) =>
  ok(client.call(access.lockAccess, { lockId, startDate, ...(endDate ? { endDate } : {}), pageSize: 200 }));
const keysOf = (answer: Answer) => answer.list.map((item) => `${item.kind}:${item.credentialId}`).sort();
const named = (...names: string[]) => names.map((name) => ids[name] as string).sort();

beforeAll(async () => {
  server = await startTestServer();
  const db = server.app.services.database.db;
  const made = await loggedInClient(server, 'access-owner@example.com');
  owner = made.client;
  ownerId = made.uid;
  const adminLogin = await loggedInClient(server, 'access-admin@example.com');
  admin = adminLogin.client;
  const strangerLogin = await loggedInClient(server, 'access-stranger@example.com');
  stranger = strangerLogin.client;
  front = await addLock(owner, 'Front door');
  back = await addLock(owner, 'Back door');
  strangersLock = await addLock(stranger, "Stranger's door");
  await db.update(locks).set({ timezoneRawOffset: CHINA }).where(eq(locks.id, front));
  // Passage mode on the back door (UTC): every day 08:00 to 18:00.
  await db
    .update(locks)
    .set({
      passageMode: {
        passageMode: 1,
        periods: [{ weekDays: [1, 2, 3, 4, 5, 6, 7], startMinute: 480, endMinute: 1080 }],
      },
    })
    .where(eq(locks.id, back));

  const key = async (name: string, lockId: number, values: Partial<typeof ekeys.$inferInsert>) => {
    const [row] = await db
      .insert(ekeys)
      .values({
        lockId,
        senderId: ownerId,
        recipientAccount: `${name}@example.com`,
        validityType: ValidityType.permanent,
        status: EKeyStatus.normal,
        ...values,
      })
      .returning();
    ids[name] = `ekey:${row?.id}`;
  };
  const code = async (name: string, lockId: number, values: Partial<typeof passcodes.$inferInsert>) => {
    const [row] = await db
      .insert(passcodes)
      .values({
        lockId,
        creatorId: ownerId,
        code: `${1000 + Object.keys(ids).length}`,
        name,
        type: PasscodeType.permanent,
        status: PasscodeStatus.normal,
        ...values,
      })
      .returning();
    ids[name] = `passcode:${row?.id}`;
  };
  const credential = async (
    name: string,
    lockId: number,
    kind: string,
    values: Partial<typeof lockCredentials.$inferInsert>,
  ) => {
    const [row] = await db
      .insert(lockCredentials)
      .values({
        lockId,
        creatorId: ownerId,
        kind,
        number: `${2000 + Object.keys(ids).length}`,
        name,
        validityType: ValidityType.permanent,
        status: CredentialStatus.normal,
        value: `v-${name}`,
        ...values,
      })
      .returning();
    const answered = {
      card: 'card',
      fingerprint: 'fingerprint',
      face: 'face',
      palmVein: 'palmVein',
      qrCode: 'qrcode',
      keyFob: 'keyfob',
    }[kind];
    ids[name] = `${answered}:${row?.id}`;
  };
  const timed = { startDate: new Date(T0), endDate: new Date(T0 + 2 * HOUR) };

  await key('alice', front, {});
  await key('admin', front, { recipientId: adminLogin.uid, keyRight: EKeyAuthorized.yes });
  await key('frozen', front, { status: EKeyStatus.frozen });
  await key('deleting', front, { status: EKeyStatus.deleting });
  await key('timed', front, { validityType: ValidityType.limited, ...timed });
  await key('once', front, { validityType: ValidityType.once, ...timed });
  // Mondays 00:00 to 02:00 in China: Sunday 16:00 to 18:00 UTC, across midnight of the lock's day.
  await key('monday', front, {
    validityType: ValidityType.cyclic,
    startDate: new Date(SUNDAY - 7 * DAY),
    endDate: new Date(SUNDAY + 7 * DAY),
    cycle: { weekDays: [1], startMinute: 0, endMinute: 120 },
  });
  // Sundays 22:00 to midnight in China: Sunday 14:00 to 16:00 UTC.
  await key('late', front, {
    validityType: ValidityType.cyclic,
    startDate: new Date(SUNDAY - 7 * DAY),
    endDate: new Date(SUNDAY + 7 * DAY),
    cycle: { weekDays: [7], startMinute: 1320, endMinute: 1440 },
  });
  await code('Cleaner', front, {});
  await code('Deleted code', front, { status: PasscodeStatus.deleted });
  await code('Erased code', front, { status: PasscodeStatus.reset });
  await code('Clear code', front, { type: PasscodeType.clear, startDate: new Date(T0) });
  // Weekends (subtype 5), 08:00 to 18:00 in China.
  await code('Weekend code', front, { type: PasscodeType.cyclic, cycleType: 5, cycleStartHour: 8, cycleEndHour: 18 });
  await code('Once code', front, { type: PasscodeType.once, startDate: new Date(T0), endDate: new Date(T0 + DAY) });
  await credential('Card', front, 'card', {});
  await credential('Lost card', front, 'card', { status: CardStatus.lost });
  await credential('Fingerprint', front, 'fingerprint', { validityType: ValidityType.limited, ...timed });
  await credential('Face', front, 'face', { validityType: ValidityType.limited, ...timed });
  await credential('Palm', front, 'palmVein', { status: CredentialStatus.adding });
  await credential('QR', front, 'qrCode', { validityType: ValidityType.once, ...timed });
  await credential('Fob', front, 'keyFob', { status: CredentialStatus.deleting });
  await credential('Alice@Example.com', back, 'card', {});
  await key('bob', strangersLock, {});

  const [group] = await db.insert(lockGroups).values({ ownerId, name: 'Doors' }).returning();
  groupId = group?.id as number;
  await db.insert(lockGroupLocks).values([front, back].map((lockId) => ({ userId: ownerId, lockId, groupId })));
}, 60_000);
afterAll(async () => server?.close());

describe('who can open a lock at a moment', () => {
  it('lists the credentials in force: permanent, timed and once within their period; not frozen, leaving, deleted, erased, lost or not yet stored', async () => {
    const during = await askLock(owner, front, T0 + HOUR);
    expect(keysOf(during)).toEqual(
      named('alice', 'admin', 'timed', 'once', 'Cleaner', 'Once code', 'Card', 'Fingerprint', 'Face', 'QR', 'Fob'),
    );
    const after = await askLock(owner, front, T0 + 2 * HOUR);
    expect(keysOf(after)).toEqual(named('alice', 'admin', 'Cleaner', 'Once code', 'Card', 'Fob'));
  });

  it('reads a cycle in the lock’s time zone, across the lock’s midnight', async () => {
    // Sunday 23:30 in China (15:30 UTC): the late key and the weekend code's hours are over.
    const lateSunday = await askLock(owner, front, MONDAY_IN_CHINA - 30 * 60_000);
    expect(keysOf(lateSunday)).toContain(ids.late);
    expect(keysOf(lateSunday)).not.toContain(ids.monday);
    // Its window ends at the lock's midnight; Monday's key opens from it (Sunday 16:00 UTC).
    const lastMoment = await askLock(owner, front, MONDAY_IN_CHINA - 1);
    expect(keysOf(lastMoment)).toContain(ids.late);
    const midnight = await askLock(owner, front, MONDAY_IN_CHINA);
    expect(keysOf(midnight)).toContain(ids.monday);
    expect(keysOf(midnight)).not.toContain(ids.late);
    // Monday 09:00 in China (01:00 UTC): past Monday's window, though it is still Monday in UTC.
    const mondayMorning = await askLock(owner, front, MONDAY_IN_CHINA + 9 * HOUR);
    expect(keysOf(mondayMorning)).not.toContain(ids.monday);
    // The weekend code: Sunday 10:00 in China is Sunday 02:00 UTC; Saturday 23:00 UTC is Sunday 07:00 there.
    expect(keysOf(await askLock(owner, front, SUNDAY + 2 * HOUR))).toContain(ids['Weekend code']);
    expect(keysOf(await askLock(owner, front, SUNDAY - HOUR))).not.toContain(ids['Weekend code']);
  });

  it('answers each credential with its person, validity and the cycle that admits it', async () => {
    const answer = await askLock(owner, front, MONDAY_IN_CHINA);
    const monday = answer.list.find((item) => `${item.kind}:${item.credentialId}` === ids.monday);
    expect(monday).toMatchObject({
      lockUser: 'monday@example.com',
      validityType: ValidityType.cyclic,
      lockAlias: 'Front door',
      timezoneRawOffset: CHINA,
      cycle: { weekDays: [1], startMinute: 0, endMinute: 120 },
    });
    const weekend = (await askLock(owner, front, SUNDAY + 2 * HOUR)).list.find(
      (item) => `${item.kind}:${item.credentialId}` === ids['Weekend code'],
    );
    expect(weekend).toMatchObject({
      validityType: ValidityType.cyclic,
      cycle: { weekDays: [6, 7], startMinute: 480, endMinute: 1080 },
    });
  });

  it('over a range, lists what opens at any moment of it', async () => {
    const range = await askLock(owner, front, T0 - DAY, T0 + 30 * 60_000);
    expect(keysOf(range)).toEqual(expect.arrayContaining(named('timed', 'once', 'Fingerprint', 'QR')));
    const before = await askLock(owner, front, T0 - DAY, T0);
    expect(keysOf(before)).not.toContain(ids.timed);
    const week = await askLock(owner, front, SUNDAY - 2 * DAY, SUNDAY + 5 * DAY);
    expect(keysOf(week)).toEqual(expect.arrayContaining(named('monday', 'late', 'Weekend code')));
  });

  it('says when passage mode lets anyone in, with its schedule', async () => {
    const noon = await askLock(owner, back, SUNDAY + 12 * HOUR);
    expect(noon.passageLockCount).toBe(1);
    expect(noon.passageLocks).toEqual([
      {
        lockId: back,
        lockAlias: 'Back door',
        timezoneRawOffset: 0,
        allDay: false,
        periods: [{ weekDays: [1, 2, 3, 4, 5, 6, 7], startMinute: 480, endMinute: 1080 }],
      },
    ]);
    const night = await askLock(owner, back, SUNDAY + 20 * HOUR);
    expect(night.passageLocks).toEqual([]);
    expect((await askLock(owner, back, SUNDAY + 20 * HOUR, SUNDAY + 33 * HOUR)).passageLockCount).toBe(1);
  });

  it('pages the answer', async () => {
    const first = await ok(owner.call(access.lockAccess, { lockId: front, startDate: T0 + HOUR, pageSize: 4 }));
    const third = await ok(
      owner.call(access.lockAccess, { lockId: front, startDate: T0 + HOUR, pageSize: 4, pageNo: 3 }),
    );
    expect([first.total, first.pages, first.list.length, third.list.length]).toEqual([11, 3, 4, 3]);
  });

  it('refuses a range longer than 31 days with the catalogue’s error, translated', async () => {
    const reply = await owner.call(access.lockAccess, { lockId: front, startDate: T0, endDate: T0 + 31 * DAY + 1 });
    expect(reply.body.errorCode).toBe(ERRORS.accessWindowExceeded.code);
    expect(reply.body.errorMsg).toBe('The range can span at most 31 days.');
    const inGerman = server.client('de_DE');
    await ok(inGerman.call(user.login, { account: 'access-owner@example.com', password: PASSWORD }));
    const german = await inGerman.call(access.lockAccess, { lockId: front, startDate: T0, endDate: T0 + 40 * DAY });
    expect(german.body.errorMsg).toBe('Der Zeitraum darf höchstens 31 Tage umfassen.');
  });
});

describe('who can open a group’s locks, and what a person can open', () => {
  it('answers for every lock of the group, by lock name, with its passage mode', async () => {
    const answer = await ok(owner.call(access.groupAccess, { groupId, startDate: SUNDAY + 12 * HOUR, pageSize: 200 }));
    expect(answer.list[0]?.lockAlias).toBe('Back door');
    expect(new Set(answer.list.map((item) => item.lockId))).toEqual(new Set([front, back]));
    expect(answer.passageLocks.map((lock) => lock.lockId)).toEqual([back]);
  });

  it('finds a person by account or name as the lock users do (trimmed, case folded), on every lock', async () => {
    const answer = await ok(owner.call(access.personAccess, { lockUser: ' ALICE@example.com ', startDate: T0 }));
    expect(keysOf(answer)).toEqual(named('alice', 'Alice@Example.com'));
    expect(answer.list.map((item) => item.lockUser)).toEqual(['alice@example.com', 'alice@example.com']);
  });
});

describe('who may ask', () => {
  it('an administrator, about the locks they administer only', async () => {
    expect(keysOf(await askLock(admin, front, T0 + HOUR))).toContain(ids.alice);
    const backDoor = await admin.call(access.lockAccess, { lockId: back, startDate: T0 });
    expect(backDoor.body.errorCode).toBe(ERRORS.noPermission.code);
    const alice = await ok(admin.call(access.personAccess, { lockUser: 'alice@example.com', startDate: T0 }));
    expect(keysOf(alice)).toEqual(named('alice'));
    const group = await admin.call(access.groupAccess, { groupId, startDate: T0 });
    expect(group.body.errorCode).toBe(ERRORS.noPermission.code);
  });

  it('a stranger gets the same answer for a lock of another account as for no lock at all', async () => {
    const theirs = await stranger.call(access.lockAccess, { lockId: front, startDate: T0 });
    const missing = await stranger.call(access.lockAccess, { lockId: 99_999_999, startDate: T0 });
    expect(theirs.status).toBe(missing.status);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.errorCode).toBe(ERRORS.noPermission.code);
    const group = await stranger.call(access.groupAccess, { groupId, startDate: T0 });
    const noGroup = await stranger.call(access.groupAccess, { groupId: 99_999_999, startDate: T0 });
    expect(group.body).toEqual(noGroup.body);
    // A person on the owner's locks is nobody on the stranger's.
    const alice = await ok(stranger.call(access.personAccess, { lockUser: 'alice@example.com', startDate: T0 }));
    expect(alice.total).toBe(0);
    const bob = await ok(owner.call(access.personAccess, { lockUser: 'bob@example.com', startDate: T0 }));
    expect(bob.total).toBe(0);
  });
});
