import {
  decodeOfflinePasscode,
  ERRORS,
  HOUR_MS,
  lock,
  OFFLINE_SERIALS,
  offlinePasscodeKey,
  PasscodeStatus,
  PasscodeType,
  passcode,
} from '@smartlock/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locks, passcodes } from '../../db/schema';
import { addLock, freshMac } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';

let server: TestServer;
let owner: TestClient;
let stranger: TestClient;
let lockId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, 'passcode-owner@example.com')).client;
  stranger = (await loggedInClient(server, 'passcode-stranger@example.com')).client;
  lockId = await addLock(owner, 'Back door');
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;
const thisHour = () => Math.floor(Date.now() / HOUR_MS) * HOUR_MS;

async function get(params: Record<string, unknown>, client = owner) {
  return client.callRaw(passcode.get, { lockId, ...params });
}

async function passcodeCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(passcodes);
  return row?.n ?? 0;
}

async function lockKey(): Promise<string> {
  const [row] = await db().select().from(locks).where(eq(locks.id, lockId));
  return offlinePasscodeKey(row?.lockSecret ?? '');
}

describe('offline passcodes', () => {
  it.each([
    ['once', { keyboardPwdType: PasscodeType.once }],
    ['permanent', { keyboardPwdType: PasscodeType.permanent }],
    ['clear', { keyboardPwdType: PasscodeType.clear }],
    ['limited', { keyboardPwdType: PasscodeType.limited, endDate: thisHour() + 48 * HOUR_MS }],
    ['cyclic', { keyboardPwdType: PasscodeType.cyclic, cycleType: 7, cycleStartHour: 8, cycleEndHour: 18 }],
  ])('gets a %s code of 9 digits that the lock’s key decodes to what was asked', async (_name, params) => {
    const reply = await get({ keyboardPwdName: 'Guest', ...params });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    const item = dataOf(reply);
    expect(item.keyboardPwd).toMatch(/^[0-9]{9}$/);
    expect(item).toMatchObject({ keyboardPwdType: params.keyboardPwdType, status: PasscodeStatus.normal });
    const payload = await decodeOfflinePasscode(await lockKey(), item.keyboardPwd);
    expect(payload?.type).toBe(params.keyboardPwdType);
    const listed = await owner.call(passcode.list, { lockId, searchStr: item.keyboardPwd });
    expect(listed.body.data?.list.map((p) => p.keyboardPwdId)).toEqual([item.keyboardPwdId]);
  });

  it('never gives two live codes the same digits, and says so when the serials run out', async () => {
    const start = thisHour() + 5 * HOUR_MS;
    const codes = new Set<string>();
    for (let i = 0; i < 32; i++) {
      const reply = await get({ keyboardPwdType: PasscodeType.once, startDate: start });
      expect(reply.body.errorCode).toBe(0);
      codes.add(dataOf(reply).keyboardPwd);
    }
    expect(codes.size).toBe(32);
    const before = await passcodeCount();
    expect((await get({ keyboardPwdType: PasscodeType.once, startDate: start })).body.errorCode).toBe(
      ERRORS.passcodeCapacityReached.code,
    );
    expect(await passcodeCount()).toBe(before);
  });

  it('issues 20 period codes with the same start hour and length, each its own digits for that stay', async () => {
    const stay = { keyboardPwdType: PasscodeType.limited, startDate: thisHour() + 7 * HOUR_MS };
    const endDate = stay.startDate + 46 * HOUR_MS;
    const key = await lockKey();
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const reply = await get({ ...stay, endDate, keyboardPwdName: `Room ${i}` });
      expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
      const item = dataOf(reply);
      expect(item).toMatchObject({ startDate: stay.startDate, endDate });
      expect(await decodeOfflinePasscode(key, item.keyboardPwd)).toMatchObject({
        type: PasscodeType.limited,
        duration: { hours: 46 },
        serial: i,
      });
      codes.add(item.keyboardPwd);
    }
    expect(codes.size).toBe(20);
  });

  it('issues new digits for a stay whose codes were deleted, never the deleted ones', async () => {
    const stay = {
      keyboardPwdType: PasscodeType.limited,
      startDate: thisHour() + 9 * HOUR_MS,
      endDate: thisHour() + 33 * HOUR_MS,
    };
    const first = await Promise.all([0, 1, 2, 3].map(async () => dataOf(await get(stay))));
    // Deleted at the lock (the gateway's part is credentialsAtTheLock.db.test.ts).
    await db()
      .update(passcodes)
      .set({ status: PasscodeStatus.deleted })
      .where(
        inArray(
          passcodes.id,
          first.map((item) => item.keyboardPwdId),
        ),
      );
    const fifth = await get(stay);
    expect(fifth.body.errorCode, JSON.stringify(fifth.body)).toBe(0);
    expect(first.map((item) => item.keyboardPwd)).not.toContain(fifth.body.data?.keyboardPwd);
  });

  it('says precisely when every code of a start hour and length has been issued, storing nothing', async () => {
    const stay = {
      keyboardPwdType: PasscodeType.limited,
      startDate: thisHour() + 11 * HOUR_MS,
      endDate: thisHour() + 35 * HOUR_MS,
    };
    for (let i = 0; i < OFFLINE_SERIALS.shortLimited; i++) expect((await get(stay)).body.errorCode).toBe(0);
    const before = await passcodeCount();
    const refused = await get(stay);
    expect(refused.body).toMatchObject({
      errorCode: ERRORS.passcodeCapacityReached.code,
      errorMsg:
        'This lock has already been given all 32 offline codes of this type with this validity (the same start hour in any year and the same length, or the same days and hours). A code is never issued twice, not even after it is deleted. Choose another start or end hour, or add a custom passcode.',
    });
    expect(await passcodeCount()).toBe(before);
    // Another length from the same hour is a stay of its own.
    expect((await get({ ...stay, endDate: stay.endDate + HOUR_MS })).body.errorCode).toBe(0);
  });

  const cases: [string, () => Record<string, unknown>, keyof typeof ERRORS | 0][] = [
    ['a start 23 hours back', () => ({ keyboardPwdType: 2, startDate: thisHour() - 23 * HOUR_MS }), 0],
    [
      'a start 25 hours back',
      () => ({ keyboardPwdType: 2, startDate: thisHour() - 25 * HOUR_MS }),
      'passcodeStartTooEarly',
    ],
    ['a start 300 days ahead', () => ({ keyboardPwdType: 2, startDate: thisHour() + 300 * 24 * HOUR_MS }), 0],
    [
      'a start 365 days ahead',
      () => ({ keyboardPwdType: 2, startDate: thisHour() + 365 * 24 * HOUR_MS }),
      'passcodeStartTooFar',
    ],
    ['a start off the hour', () => ({ keyboardPwdType: 2, startDate: thisHour() + 60_000 }), 'badParameter'],
    [
      'an end in the past',
      () => ({ keyboardPwdType: 3, startDate: thisHour() - 3 * HOUR_MS, endDate: thisHour() - HOUR_MS }),
      'endInPast',
    ],
    [
      'an end before the start',
      () => ({ keyboardPwdType: 3, startDate: thisHour() + 2 * HOUR_MS, endDate: thisHour() + HOUR_MS }),
      'startNotBeforeEnd',
    ],
    [
      'exactly one year',
      () => ({ keyboardPwdType: 3, startDate: thisHour(), endDate: thisHour() + 365 * 24 * HOUR_MS }),
      0,
    ],
    [
      '13 months on the same day and hour',
      () => {
        const start = new Date(thisHour());
        const end = new Date(start);
        end.setUTCMonth(end.getUTCMonth() + 13);
        return { keyboardPwdType: 3, startDate: start.getTime(), endDate: end.getTime() };
      },
      0,
    ],
    [
      '13 months and an hour',
      () => {
        const start = new Date(thisHour());
        const end = new Date(start);
        end.setUTCMonth(end.getUTCMonth() + 13);
        return { keyboardPwdType: 3, startDate: start.getTime(), endDate: end.getTime() + HOUR_MS };
      },
      'passcodeLongValidityAlignment',
    ],
    [
      '37 months',
      () => {
        const start = new Date(thisHour());
        const end = new Date(start);
        end.setUTCMonth(end.getUTCMonth() + 37);
        return { keyboardPwdType: 3, startDate: start.getTime(), endDate: end.getTime() };
      },
      'passcodeValidityTooLong',
    ],
    [
      'a cyclic code ending before it starts',
      () => ({ keyboardPwdType: 5, cycleType: 6, cycleStartHour: 18, cycleEndHour: 8 }),
      'startNotBeforeEnd',
    ],
    ['a cyclic code without hours', () => ({ keyboardPwdType: 5, cycleType: 6 }), 'selectAtLeastOneTimePeriod'],
    ['a custom type through get', () => ({ keyboardPwdType: 6 }), 'badParameter'],
  ];
  it.each(cases)('answers %s as the rules say, storing nothing on refusal', async (_name, params, error) => {
    const before = await passcodeCount();
    const reply = await get(params());
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(error === 0 ? 0 : ERRORS[error].code);
    expect(await passcodeCount()).toBe(error === 0 ? before + 1 : before);
  });

  it('refuses another account, and a lock added by a low-version app', async () => {
    expect((await get({ keyboardPwdType: 2 }, stranger)).body.errorCode).toBe(ERRORS.noPermission.code);
    const reply = await owner.call(lock.initialize, {
      lockMac: freshMac(),
      lockNumber: 'S31_old',
      lockName: 'Old lock',
      firmware: '1.0.0',
      featureValue: '1',
      passcodeVersion: 0,
    });
    const oldLock = dataOf(reply).lockId;
    expect((await owner.call(passcode.get, { lockId: oldLock, keyboardPwdType: 2 })).body.errorCode).toBe(
      ERRORS.lowVersionPasscode.code,
    );
    expect((await owner.call(passcode.list, { lockId, pageSize: 1 })).body.errorCode).toBe(0);
    expect((await stranger.call(passcode.list, { lockId })).body.errorCode).toBe(ERRORS.noPermission.code);
  });

  it('renames an offline code but never changes its digits or validity', async () => {
    const item = dataOf(await get({ keyboardPwdType: 2 }));
    const renamed = await owner.call(passcode.change, {
      keyboardPwdId: item.keyboardPwdId,
      keyboardPwdName: 'Nanny',
    });
    expect(renamed.body.data?.passcode.keyboardPwdName).toBe('Nanny');
    const redigit = await owner.call(passcode.change, {
      keyboardPwdId: item.keyboardPwdId,
      newKeyboardPwd: '12345678',
    });
    expect(redigit.body.errorCode).toBe(ERRORS.passcodeNotChangeable.code);
    expect(
      (await stranger.call(passcode.change, { keyboardPwdId: item.keyboardPwdId, keyboardPwdName: 'x' })).body
        .errorCode,
    ).toBe(ERRORS.noPermission.code);
  });

  it('needs a gateway for custom passcodes and deletions, and changes nothing without one', async () => {
    const before = await passcodeCount();
    const added = await owner.call(passcode.add, { lockId, keyboardPwd: '24680135' });
    expect(added.body.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);
    expect(await passcodeCount()).toBe(before);
    const short = await owner.call(passcode.add, { lockId, keyboardPwd: '123' });
    expect(short.body.errorCode).toBe(ERRORS.passcodeLengthInvalid.code);
    const item = dataOf(await get({ keyboardPwdType: 2 }));
    expect((await owner.call(passcode.remove, { keyboardPwdId: item.keyboardPwdId })).body.errorCode).toBe(
      ERRORS.lockNotConnectedToGateway.code,
    );
    const [row] = await db().select().from(passcodes).where(eq(passcodes.id, item.keyboardPwdId));
    expect(row?.status).toBe(PasscodeStatus.normal);
  });
});
