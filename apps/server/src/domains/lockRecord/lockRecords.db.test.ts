import {
  ACCESS_TOKEN_COOKIE,
  CredentialKind,
  EKeyAuthorized,
  ERRORS,
  ekey,
  type LockRecordItem,
  LockRecordType,
  lockRecord,
  PasscodeStatus,
  PasscodeType,
  RECORD_COUNT_CAP,
  RECORD_TYPES_OF_QUERY,
  RecordQueryType,
  type UploadedRecord,
  ValidityType,
  VipStatus,
} from '@smartlock/contract';
import { readXlsx } from '@smartlock/contract/sheet/readXlsx';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, lockCredentials, lockRecords, locks, passcodes, users } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { translate } from '../../i18n';
import { rootSecret } from '../../secrets';
import { deriveKey } from '../../security/crypto';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, type Reply, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { setVipStatus } from '../../test/vip';
import { LockRecordExports } from './lockRecordExport';
import { LockRecordIntake } from './lockRecordIntake';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const OWNER = 'records-owner@example.com';
const ADMIN = 'records-admin@example.com';
const HOLDER = 'records-holder@example.com';
const STRANGER = 'records-stranger@example.com';

let server: TestServer;
let owner: TestClient;
let admin: TestClient;
let holder: TestClient;
let stranger: TestClient;
let ownerId: number;
let holderId: number;
/** Administered by ADMIN; HOLDER holds an ordinary eKey of it. */
let front: number;
/** The owner's alone. */
let back: number;
let strangerLock: number;
let holderKey: number;

const db = () => server.app.services.database.db;
const intake = () => new LockRecordIntake(db(), server.app.services.live);
/** Whole seconds, some hours ago: inside every window the tests use. */
const BASE = Math.floor(Date.now() / 1000) * 1000 - 10 * HOUR;

let serial = 0;
const rec = (recordType: number, lockTime: number, extra: Partial<UploadedRecord> = {}): UploadedRecord => {
  serial += 1;
  return { recordId: `r${serial}`, recordType, success: 1, lockTime, ...extra };
};

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  expect(answered.body.errorCode, JSON.stringify(answered.body)).toBe(0);
  return dataOf(answered);
}

async function errorOf(reply: Promise<{ body: { errorCode: number } }>): Promise<number> {
  return (await reply).body.errorCode;
}

type Page = {
  list: LockRecordItem[];
  total: number;
  pages: number;
  totalExact: boolean;
  nextCursor: string | null;
};
const list = (lockId: number, params: Record<string, string | number> = {}, client = owner) =>
  ok(client.call(lockRecord.list, { lockId, pageSize: 100, ...params }));

async function macOf(lockId: number): Promise<string> {
  const [row] = await db().select({ mac: locks.mac }).from(locks).where(eq(locks.id, lockId));
  return row?.mac as string;
}

async function storedCount(lockId: number): Promise<number> {
  const rows = await db().select({ id: lockRecords.id }).from(lockRecords).where(eq(lockRecords.lockId, lockId));
  return rows.length;
}

const upload = (client: TestClient, lockId: number, records: UploadedRecord[]) =>
  client.call(lockRecord.upload, { lockId, records: JSON.stringify(records) });

const setVip = (userId: number, status: number) => setVipStatus(db(), userId, status);

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerId } = await loggedInClient(server, OWNER));
  admin = (await loggedInClient(server, ADMIN)).client;
  ({ client: holder, uid: holderId } = await loggedInClient(server, HOLDER));
  stranger = (await loggedInClient(server, STRANGER)).client;
  front = await addLock(owner, 'Front door');
  back = await addLock(owner, 'Back door');
  strangerLock = await addLock(stranger, 'Stranger door');
  const grant = { createUser: 1, validityType: ValidityType.permanent };
  await ok(owner.call(ekey.send, { ...grant, lockId: front, receiverUsername: ADMIN, keyRight: EKeyAuthorized.yes }));
  holderKey = (await ok(owner.call(ekey.send, { ...grant, lockId: front, receiverUsername: HOLDER }))).keyId;
}, 60_000);
afterAll(async () => server?.close());

describe('storing records', () => {
  it('stores a record once, through the gateway, the app, or both', async () => {
    const lockId = await addLock(owner, 'Idempotent door');
    const batch = [rec(4, BASE), rec(7, BASE + 1000), rec(1, BASE + 2000)];
    expect(await intake().intake(ownerId, await macOf(lockId), batch)).toBe(3);
    expect(await intake().intake(ownerId, await macOf(lockId), batch)).toBe(0);
    const fresh = rec(8, BASE + 3000);
    expect(await ok(upload(owner, lockId, [...batch, fresh]))).toEqual({ stored: 1, duplicates: 3 });
    expect(await ok(upload(owner, lockId, [fresh, fresh]))).toEqual({ stored: 0, duplicates: 2 });
    const twice = rec(4, BASE + 4000);
    expect(await ok(upload(owner, lockId, [twice, twice]))).toEqual({ stored: 1, duplicates: 1 });
    expect(await intake().intake(ownerId, await macOf(lockId), [twice, rec(4, BASE + 5000)])).toBe(1);
    expect(await storedCount(lockId)).toBe(6);
    // Another account's gateway naming the lock stores nothing.
    const [strangerRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, STRANGER));
    expect(await intake().intake(strangerRow?.id as number, await macOf(lockId), [rec(4, BASE)])).toBe(0);
    expect(await storedCount(lockId)).toBe(6);
  });

  it("tells the owner's and the administrators' consoles of new records, nobody else's", async () => {
    const told: number[] = [];
    const live = { publish: async (userId: number, type: string) => void (type === 'records' && told.push(userId)) };
    const [adminRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, ADMIN));
    const administered = await addLock(owner, 'Administered door');
    const grant = { createUser: 1, validityType: ValidityType.permanent, keyRight: EKeyAuthorized.yes };
    await ok(owner.call(ekey.send, { ...grant, lockId: administered, receiverUsername: ADMIN }));
    const quiet = await addLock(owner, 'Quiet door');
    const listening = new LockRecordIntake(db(), live as unknown as ConstructorParameters<typeof LockRecordIntake>[1]);
    expect(await listening.intake(ownerId, await macOf(administered), [rec(4, BASE)])).toBe(1);
    expect(told.sort()).toEqual([ownerId, adminRow?.id as number].sort());
    told.length = 0;
    expect(await listening.intake(ownerId, await macOf(quiet), [rec(4, BASE)])).toBe(1);
    expect(told).toEqual([ownerId]);
  });

  it('names who is behind eKey, passcode and card records, in bulk', async () => {
    const lockId = await addLock(owner, 'People door');
    await ok(owner.call(ekey.send, { lockId, receiverUsername: HOLDER, createUser: 1, validityType: 1 }));
    await db().update(users).set({ nickname: 'Holly' }).where(eq(users.id, holderId));
    const [key] = await db().select({ id: ekeys.id }).from(ekeys).where(eq(ekeys.lockId, lockId));
    const [code] = await db()
      .insert(passcodes)
      .values({
        lockId,
        creatorId: ownerId,
        code: '4455667',
        name: 'Cleaner',
        type: PasscodeType.permanent,
        status: PasscodeStatus.normal,
      })
      .returning({ id: passcodes.id });
    const [card] = await db()
      .insert(lockCredentials)
      .values({
        lockId,
        creatorId: ownerId,
        kind: 'card',
        number: '80800001',
        name: 'Front desk card',
        validityType: ValidityType.permanent,
        status: 1,
        value: '80800001',
      })
      .returning({ id: lockCredentials.id });
    const records = [
      rec(LockRecordType.appUnlock, BASE + 1000, { username: HOLDER.toUpperCase() }),
      rec(LockRecordType.passcodeUnlock, BASE + 2000, { username: '', credential: '4455667' }),
      rec(LockRecordType.cardUnlock, BASE + 3000, { credential: '80800001' }),
      rec(LockRecordType.fingerprintUnlock, BASE + 4000, { username: 'walk-in', credential: '99' }),
      rec(LockRecordType.cardUnlock, BASE + 5000, { credential: '80800002' }),
    ];
    expect(await ok(upload(owner, lockId, records))).toEqual({ stored: 5, duplicates: 0 });
    const page = await list(lockId);
    const byType = (type: number, credential = '') =>
      page.list.find((r) => r.recordType === type && (credential === '' || r.keyboardPwd === credential));
    expect(byType(LockRecordType.appUnlock)).toMatchObject({
      person: 'Holly',
      credentialKind: CredentialKind.eKey,
      credentialId: key?.id,
    });
    expect(byType(LockRecordType.passcodeUnlock)).toMatchObject({
      person: 'Cleaner',
      credentialKind: CredentialKind.passcode,
      credentialId: code?.id,
    });
    expect(byType(LockRecordType.cardUnlock, '80800001')).toMatchObject({
      person: 'Front desk card',
      credentialKind: CredentialKind.card,
      credentialId: card?.id,
    });
    expect(byType(LockRecordType.fingerprintUnlock)).toMatchObject({
      person: 'walk-in',
      credentialKind: null,
      credentialId: null,
    });
    expect(byType(LockRecordType.cardUnlock, '80800002')).toMatchObject({ person: '', credentialKind: null });
    // The eKey filter finds its records by the key's id.
    const keyed = await list(lockId, { keyId: key?.id as number });
    expect(keyed.list.map((r) => r.recordType)).toEqual([LockRecordType.appUnlock]);
  });
});

describe('who reads and uploads records', () => {
  it('lets the owner and the administrator read, and no one else', async () => {
    await intake().intake(ownerId, await macOf(front), [rec(4, BASE)]);
    await intake().intake(ownerId, await macOf(back), [rec(4, BASE)]);
    expect((await list(front)).total).toBeGreaterThan(0);
    expect((await list(front, {}, admin)).total).toBeGreaterThan(0);
    const refused = ERRORS.noPermission.code;
    expect(await errorOf(admin.call(lockRecord.list, { lockId: back }))).toBe(refused);
    expect(await errorOf(holder.call(lockRecord.list, { lockId: front }))).toBe(refused);
    expect(await errorOf(stranger.call(lockRecord.list, { lockId: front }))).toBe(refused);
    expect(await errorOf(owner.call(lockRecord.list, { lockId: strangerLock }))).toBe(refused);
  });

  it('takes uploads from the owner, the administrator and an eKey holder, not from a stranger', async () => {
    const before = await storedCount(front);
    expect(await ok(upload(holder, front, [rec(1, BASE, { username: HOLDER })]))).toEqual({ stored: 1, duplicates: 0 });
    expect(await ok(upload(admin, front, [rec(1, BASE, { username: ADMIN })]))).toEqual({ stored: 1, duplicates: 0 });
    expect(await errorOf(upload(stranger, front, [rec(1, BASE)]))).toBe(ERRORS.noPermission.code);
    expect(await errorOf(upload(holder, back, [rec(1, BASE)]))).toBe(ERRORS.noPermission.code);
    expect(await storedCount(front)).toBe(before + 2);
    expect(await storedCount(back)).toBe(1);
    // A frozen key is not in force.
    await db().execute(sql`update ekeys set status = '110405' where id = ${holderKey}`);
    expect(await errorOf(upload(holder, front, [rec(1, BASE)]))).toBe(ERRORS.noPermission.code);
    await db().execute(sql`update ekeys set status = '110401' where id = ${holderKey}`);
    expect(await storedCount(front)).toBe(before + 2);
  });
});

describe('filters and paging', () => {
  let lockId: number;
  /** Every record type once, a second apart, plus the same instant twice (ties break by id). */
  const all: UploadedRecord[] = [];

  beforeAll(async () => {
    lockId = await addLock(owner, 'Filter door');
    for (let type = 1; type <= 53; type += 1) {
      all.push(rec(type, BASE + type * 1000, { username: `user${type}@example.com`, credential: `c${type}` }));
    }
    all.push(rec(LockRecordType.cardUnlock, BASE + 60_000, { credential: '100%off' }));
    all.push(rec(LockRecordType.cardUnlock, BASE + 60_000, { credential: '100xoff' }));
    expect(await ok(upload(owner, lockId, all.slice(0, 30)))).toMatchObject({ stored: 30 });
    expect(await ok(upload(owner, lockId, all.slice(30)))).toMatchObject({ stored: all.length - 30 });
  });

  it('selects only the record types of each query type', async () => {
    for (const [queryType, types] of Object.entries(RECORD_TYPES_OF_QUERY)) {
      const page = await list(lockId, { queryType });
      const expected = all.filter((r) => types.includes(r.recordType)).length;
      expect(page.total, `query type ${queryType}`).toBe(expected);
      expect(
        page.list.every((r) => types.includes(r.recordType)),
        `query type ${queryType}`,
      ).toBe(true);
    }
    expect((await list(lockId, { queryType: RecordQueryType.all })).total).toBe(all.length);
  });

  it('filters by one credential, within its query type', async () => {
    const cases: [string, number, number][] = [
      ['keyboardPwd', LockRecordType.passcodeUnlock, RecordQueryType.passcode],
      ['cardNo', LockRecordType.cardAdded, RecordQueryType.card],
      ['printNo', LockRecordType.fingerprintLock, RecordQueryType.fingerprint],
      ['palmVeinNo', LockRecordType.palmVeinUnlock, RecordQueryType.palmVein],
      ['faceNo', LockRecordType.faceUnlock, RecordQueryType.face],
      ['qrcodeNo', LockRecordType.qrCodeUnlock, RecordQueryType.qrCode],
      ['keyfobNo', LockRecordType.wristbandUnlock, RecordQueryType.keyFob],
    ];
    for (const [filter, type] of cases) {
      const page = await list(lockId, { [filter]: `c${type}` });
      expect(
        page.list.map((r) => r.recordType),
        filter,
      ).toEqual([type]);
    }
    // The right credential under another query type's filter selects nothing.
    expect((await list(lockId, { cardNo: `c${LockRecordType.passcodeUnlock}` })).total).toBe(0);
  });

  it('searches person, username and credential, % and _ taken literally', async () => {
    expect((await list(lockId, { searchStr: '100%' })).list.map((r) => r.keyboardPwd)).toEqual(['100%off']);
    expect((await list(lockId, { searchStr: 'USER17@' })).list.map((r) => r.recordType)).toEqual([17]);
    expect((await list(lockId, { searchStr: 'user_' })).total).toBe(0);
  });

  it('finds a search shorter than a trigram, and never across two fields', async () => {
    const short = await list(lockId, { searchStr: 'C5' });
    expect(short.total).toBeGreaterThan(0);
    expect(short.list.every((r) => `${r.username} ${r.keyboardPwd}`.toLowerCase().includes('c5'))).toBe(true);
    expect((await list(lockId, { searchStr: 'example.comc17' })).total).toBe(0);
    expect((await list(lockId, { searchStr: 'example.com' })).total).toBeGreaterThan(1);
  });

  it('takes startDate inclusive and endDate exclusive', async () => {
    const page = await list(lockId, { startDate: BASE + 10_000, endDate: BASE + 13_000 });
    expect(page.list.map((r) => r.recordType)).toEqual([12, 11, 10]);
  });

  it('pages newest first, by offset or cursor alike, at the edges', async () => {
    const pageSize = 7;
    const byOffset: number[] = [];
    for (let pageNo = 1; ; pageNo += 1) {
      const page = await list(lockId, { pageNo, pageSize });
      byOffset.push(...page.list.map((r) => r.recordId));
      // Every page by number tells the same exact total, the last one (which counts itself) too.
      expect(page.total, `page ${pageNo}`).toBe(all.length);
      if (page.list.length < pageSize) break;
    }
    // A page past the end counts the list; a first page of nothing is nothing.
    expect((await list(lockId, { pageNo: 99, pageSize })).total).toBe(all.length);
    expect(await list(lockId, { searchStr: 'no such person' })).toMatchObject({ list: [], total: 0, pages: 0 });
    const byCursor: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(lockId, { pageSize, ...(cursor ? { cursor, pageNo: 99 } : {}) });
      byCursor.push(...page.list.map((r) => r.recordId));
      expect(page.total).toBe(all.length);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(byCursor).toEqual(byOffset);
    expect(byCursor).toHaveLength(all.length);
    expect(pages).toBe(Math.ceil(all.length / pageSize));
    const first = await list(lockId, { pageSize: 3 });
    expect(first.list.map((r) => r.keyboardPwd)).toEqual(['100xoff', '100%off', 'c53']);

    // Exactly pageSize rows: one page, no cursor. pageSize + 1: a cursor to one more row.
    const exact = await list(lockId, { pageSize: all.length });
    expect([exact.list.length, exact.nextCursor, exact.pages]).toEqual([all.length, null, 1]);
    const one = await list(lockId, { pageSize: all.length - 1 });
    expect(one.nextCursor).not.toBeNull();
    const rest = await list(lockId, { pageSize: all.length - 1, cursor: one.nextCursor as string });
    expect([rest.list.length, rest.nextCursor]).toEqual([1, null]);
    expect(await list(lockId, { queryType: RecordQueryType.all, startDate: BASE - 2000, endDate: BASE })).toEqual({
      list: [],
      pageNo: 1,
      pageSize: 100,
      pages: 0,
      total: 0,
      totalExact: true,
      nextCursor: null,
    });
    expect(await errorOf(owner.call(lockRecord.list, { lockId, cursor: 'not-a-cursor' }))).toBe(
      ERRORS.badParameter.code,
    );
  });

  it(`counts exactly up to ${RECORD_COUNT_CAP} records, and says "at least" above`, async () => {
    const big = await addLock(owner, 'Busy door');
    await db().execute(sql`
      insert into lock_records (lock_id, device_record_id, record_type, success, lock_date)
      select ${big}, 'bulk-' || g, 4, 1, now() - make_interval(secs => g)
      from generate_series(1, ${RECORD_COUNT_CAP}) g`);
    const exact = await list(big, { pageSize: 10 });
    expect([exact.total, exact.totalExact]).toEqual([RECORD_COUNT_CAP, true]);
    await intake().intake(ownerId, await macOf(big), [rec(4, BASE)]);
    const capped = await list(big, { pageSize: 10 });
    expect([capped.total, capped.totalExact, capped.list.length]).toEqual([RECORD_COUNT_CAP, false, 10]);
    const deep = await list(big, { pageSize: 10, cursor: capped.nextCursor as string });
    expect(deep.list[0]?.recordId).not.toBe(capped.list[9]?.recordId);
  }, 120_000);
});

/** A tiny RFC 4180 reader (quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

/** The first worksheet's cells as rows of text, read back from the file (numbers as their digits). */
function readSheet(bytes: Uint8Array): string[][] {
  return readXlsx(bytes).rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))));
}

describe('exports', () => {
  let eastLock: number;
  let annex: number;
  /** Yesterday 00:30 UTC: 08:30 at UTC+08:00. */
  const at = Math.floor(Date.now() / DAY) * DAY - DAY + 30 * 60_000;
  const window = { startDate: Date.now() - 7 * DAY, endDate: Date.now() };

  beforeAll(async () => {
    eastLock = await addLock(owner, 'East door');
    await db()
      .update(locks)
      .set({ timezoneRawOffset: 8 * HOUR })
      .where(eq(locks.id, eastLock));
    await upload(owner, eastLock, [
      rec(LockRecordType.passcodeUnlock, at, { credential: '=1+2', username: 'guest, "the" one' }),
      rec(LockRecordType.wrongPasscode, at - HOUR, { credential: '000000' }),
      rec(LockRecordType.appUnlock, at - 2 * HOUR, { username: OWNER }),
    ]).then((r) => expect(r.body.errorCode).toBe(0));
    annex = await addLock(owner, 'Annex door');
    await upload(owner, annex, [{ ...rec(LockRecordType.cardUnlock, at - 3 * HOUR), success: 0, battery: 40 }]);
  });

  const prepare = (client: TestClient, params: Record<string, string | number>) =>
    client.call(lockRecord.exportRecords, {
      ...window,
      ...params,
    });

  const download = (path: string, client: TestClient | null = owner) =>
    server.app.inject({
      method: 'GET',
      url: path,
      headers: client?.cookie ? { cookie: `${ACCESS_TOKEN_COOKIE}=${client.cookie}` } : {},
    });

  it('needs a lock, the caller’s own locks, then the advanced function', async () => {
    await setVip(ownerId, VipStatus.notOpen);
    expect(await errorOf(prepare(owner, {}))).toBe(ERRORS.selectAtLeastOneLock.code);
    expect(await errorOf(prepare(owner, { lockIds: `${eastLock},${strangerLock}` }))).toBe(ERRORS.noPermission.code);
    expect(await errorOf(prepare(admin, { lockId: front }))).toBe(ERRORS.noPermission.code);
    expect(await errorOf(prepare(owner, { lockId: eastLock }))).toBe(ERRORS.advancedFunctionRequired.code);
    await setVip(ownerId, VipStatus.trial);
    expect(await ok(prepare(owner, { lockId: eastLock }))).toMatchObject({ total: 3 });
  });

  it('reaches back 183 days and no further, and not beyond tomorrow', async () => {
    await setVip(ownerId, VipStatus.trial);
    const lockId = eastLock;
    expect(await ok(prepare(owner, { lockId, startDate: Date.now() - 183 * DAY + 5000 }))).toMatchObject({ total: 3 });
    expect(await errorOf(prepare(owner, { lockId, startDate: Date.now() - 184 * DAY }))).toBe(
      ERRORS.exportWindowExceeded.code,
    );
    expect(await errorOf(prepare(owner, { lockId, endDate: Date.now() + 2 * DAY }))).toBe(
      ERRORS.exportWindowExceeded.code,
    );
    expect(await errorOf(prepare(owner, { lockId, endDate: window.startDate }))).toBe(ERRORS.badParameter.code);
  });

  it('refuses more rows than the cap', async () => {
    await setVip(ownerId, VipStatus.trial);
    const exports = new LockRecordExports(db(), Buffer.alloc(32, 7), { maxRows: 3 });
    const request = { ...window, queryType: 0, format: 'csv' as const, lockTime: true };
    await expect(exports.prepare(ownerId, { ...request, lockId: eastLock }, 'en_US')).resolves.toMatchObject({
      total: 3,
    });
    const refused = await exports.prepare(ownerId, { ...request, lockIds: [eastLock, annex] }, 'en_US').catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ errorName: 'maximumExportCountExceeded', params: { count: 3 } });
    const reply = await prepare(owner, { lockIds: `${eastLock},${annex}`, queryType: RecordQueryType.card });
    expect(reply.body.data).toMatchObject({ total: 1 });
  });

  it('streams the xlsx file with localized columns, in the lock’s timezone', async () => {
    await setVip(ownerId, VipStatus.trial);
    const german = server.client('de_DE');
    german.cookie = owner.cookie;
    const ready = await ok(prepare(german, { lockIds: `${eastLock},${annex}` }));
    expect(ready.total).toBe(4);
    expect(ready.fileName).toMatch(
      new RegExp(`^${translate('de_DE', 'records.fileName')}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    expect(ready.downloadPath).toMatch(/^\/api\/lock\/export\/file\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const file = await download(ready.downloadPath);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['x-export-rows']).toBe('4');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-disposition']).toContain('attachment;');
    const rows = readSheet(file.rawPayload);
    const columns = ['lock', 'time', 'type', 'person', 'credential', 'result', 'battery', 'serverTime', 'timezone'];
    expect(rows[0]).toEqual(columns.map((c) => translate('de_DE', `records.column.${c}`)));
    expect(rows[0]?.[0]).not.toBe('records.column.lock');
    // Lock name order: Annex door, then East door newest first.
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Annex door', 'East door', 'East door', 'East door']);
    const east = rows[2] as string[];
    expect(east[1]).toMatch(/ 08:30:00$/);
    expect(east[2]).toBe(translate('de_DE', 'records.type.passcodeUnlock'));
    expect(east[4]).toBe('=1+2');
    expect(east[5]).toBe(translate('de_DE', 'records.result.success'));
    expect(east[8]).toBe('UTC+08:00');
    const backRow = rows[1] as string[];
    expect([backRow[5], backRow[6], backRow[8]]).toEqual([
      translate('de_DE', 'records.result.failed'),
      '40',
      'UTC+00:00',
    ]);
  });

  it('streams CSV in the caller’s timezone when asked', async () => {
    await setVip(ownerId, VipStatus.trial);
    const ready = await ok(
      prepare(owner, { lockId: eastLock, format: 'csv', lockTime: 0, timezoneRawOffset: -5 * HOUR - 30 * 60_000 }),
    );
    const file = await download(ready.downloadPath);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['x-export-rows']).toBe('3');
    const rows = parseCsv(file.payload.replace(/^\uFEFF/, ''));
    expect(rows[0]?.[0]).toBe(translate('en_US', 'records.column.lock'));
    expect(rows).toHaveLength(4);
    expect(rows[1]?.[1]).toMatch(/ 19:00:00$/);
    expect(rows[1]?.[3]).toBe('guest, "the" one');
    expect(rows[1]?.[4]).toBe("'=1+2");
    expect(rows[1]?.[8]).toBe('UTC-05:30');
  });

  it('refuses a tampered or expired token and another account’s session', async () => {
    await setVip(ownerId, VipStatus.trial);
    const ready = await ok(prepare(owner, { lockId: eastLock }));
    const [body, mac] = (ready.downloadPath.split('/').pop() ?? '').split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), lockIds: [strangerLock] }),
    ).toString('base64url');
    for (const path of [
      `/api/lock/export/file/${forged}.${mac}`,
      `/api/lock/export/file/${body}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`,
    ]) {
      const refused = await download(path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: ERRORS.noPermission.code, data: null });
    }
    const other = await download(ready.downloadPath, stranger);
    expect([other.statusCode, other.json().errorCode]).toEqual([403, ERRORS.noPermission.code]);
    const anonymous = await download(ready.downloadPath, null);
    expect([anonymous.statusCode, anonymous.json().errorCode]).toEqual([401, ERRORS.notLoggedIn.code]);
    const past = new LockRecordExports(db(), deriveKey(rootSecret(server.app.services.config), 'record-exports'), {
      now: () => Date.now() - 11 * 60_000,
    });
    const stale = await past.prepare(
      ownerId,
      { lockId: eastLock, ...window, queryType: 0, format: 'xlsx', lockTime: true },
      'en_US',
    );
    const expired = await download(stale.downloadPath);
    expect([expired.statusCode, expired.json().errorCode]).toEqual([403, ERRORS.noPermission.code]);
    // The untouched path, by its own account, still works.
    expect((await download(ready.downloadPath)).statusCode).toBe(200);
  });

  it('reads a long export batch by batch: every row once, newest first, the same lock time by id', async () => {
    await setVip(ownerId, VipStatus.trial);
    const busy = await addLock(owner, 'Long log door');
    const times = [at, at, at, at - HOUR, at - HOUR, at - 2 * HOUR, at - 3 * HOUR];
    const records = times.map((time, i) => rec(LockRecordType.appUnlock, time, { username: `guest ${i}` }));
    await upload(owner, busy, records).then((r) => expect(r.body.errorCode).toBe(0));
    const exports = new LockRecordExports(db(), Buffer.alloc(32, 5), { batchRows: 2 });
    const request = { lockId: busy, ...window, queryType: 0, format: 'csv' as const, lockTime: true };
    const ready = await exports.prepare(ownerId, request, 'en_US');
    const file = await exports.download(ownerId, exports.open(ready.downloadPath.split('/').pop() as string));
    const chunks: Uint8Array[] = [];
    for await (const chunk of file.body()) chunks.push(chunk);
    const rows = parseCsv(new TextDecoder().decode(Buffer.concat(chunks)).replace(/^\uFEFF/, '')).slice(1);
    const stored = await db()
      .select({ person: lockRecords.person })
      .from(lockRecords)
      .where(eq(lockRecords.lockId, busy))
      .orderBy(sql`${lockRecords.lockDate} desc, ${lockRecords.id} desc`);
    expect(rows).toHaveLength(times.length);
    expect(rows.map((r) => r[3])).toEqual(stored.map((r) => r.person));
    expect(new Set(rows.map((r) => r[3])).size).toBe(times.length);
    const shown = rows.map((r) => r[1] ?? '');
    expect(shown).toEqual([...shown].sort().reverse());
    expect(new Set(shown).size).toBe(new Set(times).size);
  });

  it('stops reading the database when the reader stops', async () => {
    await setVip(ownerId, VipStatus.trial);
    const exports = new LockRecordExports(db(), Buffer.alloc(32, 9));
    const ready = await exports.prepare(
      ownerId,
      { lockId: eastLock, ...window, queryType: 0, format: 'csv', lockTime: true },
      'en_US',
    );
    const ticket = exports.open(ready.downloadPath.split('/').pop() as string);
    const file = await exports.download(ownerId, ticket);
    const gone = new AbortController();
    gone.abort();
    const chunks: Uint8Array[] = [];
    for await (const chunk of file.body(gone.signal)) chunks.push(chunk);
    const text = new TextDecoder().decode(Buffer.concat(chunks));
    expect(text.trim().split('\r\n')).toHaveLength(1);
  });
});
