/**
 * The console's credential lists of one busy lock, side by side with raw SQL (bench/sideBySide.ts):
 * a lock with 5,000 eKeys (200 of them the owner's authorized administrators', 800 to registered
 * accounts, the rest to accounts not registered yet), 5,000 passcodes and 5,000 cards; the owner's
 * 200 administrators also administer 9 other locks of the owner. Each case is a signed GET with the
 * owner's session cookie over HTTP (keep-alive), 32 at a time, against the hand-written SQL of the
 * same page and count through a `pg` pool of the product's size (10), 32 at a time. Around them, the
 * rest of the cloud: another account's 100 locks with 100 eKeys, passcodes and cards each (so the
 * plans are those of a shared database, not of one holding this lock alone).
 * Cases: the first page of the lock's eKeys, passcodes and cards, each with and without a search,
 * and the owner's administrators (/admin/list), with and without a search.
 * Goal: ratio >= 0.5 and p99 <= 50 ms for each.
 * Needs PostgreSQL (DATABASE_URL); the bench fills a scratch database of its own beside it.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -w @smartlock/bench -- credentials
 */
import { performance } from 'node:perf_hooks';
import {
  admin,
  CardStatus,
  CardType,
  EKeyAuthorized,
  EKeyStatus,
  ekey,
  lockCredential,
  PasscodeStatus,
  PasscodeType,
  passcode,
  ValidityType,
} from '@smartlock/contract';
import { ekeys, lockCredentials, passcodes, users } from '@smartlock/server/src/db/schema';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { ENDED_EKEY_STATUSES, GONE_EKEY_STATUSES } from '@smartlock/server/src/domains/ekey/ekeyStatus';
import { scratchApp } from './scratchApp';
import { checkedCase, goalVerdict, keepRows, type SideBySideCase, sideBySide } from './sideBySide';
import { addLocks, httpCall, httpLogin } from './support';

/** eKeys, passcodes and cards each on the busy lock. */
const PER_KIND = Number(process.env.BENCH_CREDENTIALS ?? 5000);
const ADMINS = Number(process.env.BENCH_ADMINS ?? 200);
/** Registered recipients of ordinary eKeys (the rest are accounts not registered yet). */
const HOLDERS = Math.min(800, Math.max(0, PER_KIND - ADMINS));
/** Other locks of the owner each administrator also administers. */
const OTHER_LOCKS = 9;
/** Another account's locks and the eKeys, passcodes and cards on each. */
const ELSEWHERE_LOCKS = Number(process.env.BENCH_ELSEWHERE_LOCKS ?? 100);
const ELSEWHERE_EACH = 100;
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Calls per side and case made first and not counted (the first case also warms the process). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const PAGE = 20;
const OWNER = 'bench-credentials@example.com';
const PASSWORD = 'Bench#2026x';
const BATCH = 1000;

const { app, db, brand, reference } = await scratchApp('bench_credentials', 'credentials');
const owner = await ensureDemoAccount(db, OWNER, PASSWORD, brand);
const neighbour = await ensureDemoAccount(db, 'bench-neighbour@example.com', PASSWORD, brand);

/** Inserts `count` rows made by `row(i)` in batches of BATCH. */
async function inBatches<T>(count: number, row: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let start = 0; start < count; start += BATCH) {
    await insert(Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => row(start + k)));
  }
}

const seeded = performance.now();
const [lockId, ...otherLocks] = (await addLocks(db, owner, 1 + OTHER_LOCKS, 'BE:0D:00')) as [number, ...number[]];
const pad = (i: number) => String(i).padStart(4, '0');
// Administrators and registered holders: accounts inserted as rows (no password hashing per account).
const account = (email: string, nickname: string) => ({
  email,
  nickname,
  countryId: 'US',
  countryCode: '1',
  passwordHash: 'bench-no-login',
  packageName: brand,
});
const adminIds: number[] = [];
const holderIds: number[] = [];
await inBatches(
  ADMINS,
  (i) => account(`bench-admin-${pad(i)}@example.com`, `Manager ${pad(i)}`),
  async (rows) => adminIds.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((u) => u.id)),
);
await inBatches(
  HOLDERS,
  (i) => account(`bench-holder-${pad(i)}@example.com`, `Tenant ${pad(i)}`),
  async (rows) => holderIds.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((u) => u.id)),
);
// Created one minute apart, newest last, so "newest first" has an order to keep.
const start = Date.now() - PER_KIND * 60_000;
const at = (i: number) => new Date(start + i * 60_000);
const keyRow = (lock: number, i: number, sender = owner) => {
  const adminId = i < ADMINS ? adminIds[i] : undefined;
  const holderId = i >= ADMINS && i < ADMINS + HOLDERS ? holderIds[i - ADMINS] : undefined;
  const recipientAccount =
    adminId !== undefined
      ? `bench-admin-${pad(i)}@example.com`
      : holderId !== undefined
        ? `bench-holder-${pad(i - ADMINS)}@example.com`
        : `guest-${pad(i)}@example.com`;
  return {
    lockId: lock,
    senderId: sender,
    recipientId: adminId ?? holderId ?? null,
    recipientAccount,
    keyName: adminId !== undefined ? 'Administrator' : `Room key ${pad(i)}`,
    validityType: ValidityType.permanent,
    keyRight: adminId !== undefined ? EKeyAuthorized.yes : EKeyAuthorized.no,
    status: EKeyStatus.normal,
    createdAt: at(i),
  };
};
await inBatches(
  PER_KIND,
  (i) => keyRow(lockId, i),
  (rows) => db.insert(ekeys).values(rows),
);
for (const other of otherLocks) {
  await inBatches(
    ADMINS,
    (i) => keyRow(other, i),
    (rows) => db.insert(ekeys).values(rows),
  );
}
const passcodeRow = (lock: number, i: number, creatorId = owner) => ({
  lockId: lock,
  creatorId,
  code: String(10_000_000 + i * 7),
  name: `Guest ${pad(i)}`,
  type: PasscodeType.permanent,
  status: PasscodeStatus.normal,
  createdAt: at(i),
});
const cardRow = (lock: number, i: number, creatorId = owner) => ({
  lockId: lock,
  creatorId,
  kind: 'card',
  number: String(3_000_000_000 + i),
  value: String(3_000_000_000 + i),
  name: `Card ${pad(i)}`,
  type: CardType.ic,
  validityType: ValidityType.permanent,
  status: CardStatus.normal,
  createdAt: at(i),
});
await inBatches(
  PER_KIND,
  (i) => passcodeRow(lockId, i),
  (rows) => db.insert(passcodes).values(rows),
);
await inBatches(
  PER_KIND,
  (i) => cardRow(lockId, i),
  (rows) => db.insert(lockCredentials).values(rows),
);
// The rest of the cloud: the neighbour's locks, each with its eKeys (to the same registered holders), passcodes and cards.
const elsewhere = await addLocks(db, neighbour, ELSEWHERE_LOCKS, 'BE:0E:00');
const perLock =
  <T>(make: (lock: number, i: number) => T) =>
  (n: number) =>
    make(elsewhere[Math.floor(n / ELSEWHERE_EACH)] as number, n % ELSEWHERE_EACH);
const spread = ELSEWHERE_LOCKS * ELSEWHERE_EACH;
await inBatches(
  spread,
  perLock((lock, i) => ({ ...keyRow(lock, ADMINS + i, neighbour), keyRight: EKeyAuthorized.no })),
  (rows) => db.insert(ekeys).values(rows),
);
await inBatches(
  spread,
  perLock((lock, i) => passcodeRow(lock, i, neighbour)),
  (rows) => db.insert(passcodes).values(rows),
);
await inBatches(
  spread,
  perLock((lock, i) => cardRow(lock, i, neighbour)),
  (rows) => db.insert(lockCredentials).values(rows),
);
await reference.query('vacuum analyze');
console.log(
  `engine: ${app.services.database.engine}; seeded a lock with ${PER_KIND} eKeys, passcodes and cards, ${ADMINS} administrators of ${1 + OTHER_LOCKS} locks, ${spread} of each elsewhere, in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await httpLogin(address, OWNER, PASSWORD);

/** One list: the product's call and params, and the reference's page and count SQL with their params. */
interface ListCase {
  name: string;
  call: Parameters<typeof httpCall>[1];
  params: Record<string, string>;
  page: string;
  count: string;
  sqlParams: unknown[];
}

/** The product's page and the reference's must agree (total and rows) before they are timed. */
async function checked(c: ListCase): Promise<SideBySideCase> {
  const run = () => Promise.all([reference.query(c.page, c.sqlParams), reference.query(c.count, c.sqlParams)]);
  const [, total] = await run();
  const counted = Number(Object.values(total.rows[0] ?? {})[0]);
  if (counted === 0) throw new Error(`${c.name}: the reference finds nothing to measure`);
  return checkedCase({
    name: `${c.name} (${counted})`,
    product: () => httpCall(address, c.call, c.params, cookie),
    reference: run,
    oursOf: (data) => {
      const page = data as { list: unknown[]; total: number };
      return `${page.list.length} of ${page.total}`;
    },
    theirsOf: ([rows, count]) => `${rows.rowCount} of ${Number(Object.values(count.rows[0] ?? {})[0])}`,
  });
}

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const newestFirst = (t: string) => `order by ${t}.created_at desc, ${t}.id desc limit ${PAGE}`;

// The hand-written SQL: the columns each list shows, the page and the count, as a DBA would write them.
const KEY_ROW = `e.*, l.name as lock_name, r.email, r.mobile, r.nickname, s.email as sender_email, s.mobile as sender_mobile`;
const KEY_FROM = `from ekeys e join locks l on l.id = e.lock_id
  left join users r on r.id = e.recipient_id left join users s on s.id = e.sender_id`;
const LIVE_KEY = `e.lock_id = $1 and e.status not in (${inList(GONE_EKEY_STATUSES)})`;
const KEY_SEARCH = `(e.recipient_account ilike $2 or e.key_name ilike $2 or r.nickname ilike $2)`;
const keyPage = (search: string) => `select ${KEY_ROW} ${KEY_FROM} where ${LIVE_KEY}${search} ${newestFirst('e')}`;

const PASSCODE_PAGE = `select p.*, u.email, u.mobile from passcodes p left join users u on u.id = p.creator_id
  where p.lock_id = $1 and p.status <> '${PasscodeStatus.deleted}'`;
const PASSCODE_COUNT = `select count(*) from passcodes p where p.lock_id = $1 and p.status <> '${PasscodeStatus.deleted}'`;
const PASSCODE_SEARCH = ' and (p.name ilike $2 or p.code ilike $2)';

const CARD_PAGE = `select c.*, u.email, u.mobile from lock_credentials c left join users u on u.id = c.creator_id
  where c.lock_id = $1 and c.kind = 'card'`;
const CARD_COUNT = `select count(*) from lock_credentials c where c.lock_id = $1 and c.kind = 'card'`;
const CARD_SEARCH = ' and (c.number ilike $2 or c.name ilike $2 or c.remark ilike $2)';

const ADMIN_KEYS = `from ekeys e join locks l on l.id = e.lock_id join users u on u.id = e.recipient_id
  where l.owner_id = $1 and e.key_right = ${EKeyAuthorized.yes} and e.status not in (${inList(ENDED_EKEY_STATUSES)})`;
const ADMIN_SEARCH = ' and (u.email ilike $2 or u.mobile ilike $2 or u.nickname ilike $2)';
const adminPage = (search: string) => `select u.*, count(distinct e.lock_id) as lock_count, min(e.created_at) as first
  ${ADMIN_KEYS}${search} group by u.id order by first desc, u.id desc limit ${PAGE}`;
const adminCount = (search: string) => `select count(distinct e.recipient_id) ${ADMIN_KEYS}${search}`;

const lock = String(lockId);
const first = { lockId: lock, pageSize: String(PAGE) };
const lists: ListCase[] = [
  {
    name: 'eKey list, first page',
    call: ekey.list,
    params: first,
    page: keyPage(''),
    count: `select count(*) from ekeys e where ${LIVE_KEY}`,
    sqlParams: [lockId],
  },
  {
    name: 'eKey list, search',
    call: ekey.list,
    params: { ...first, searchStr: 'Tenant 04' },
    page: keyPage(` and ${KEY_SEARCH}`),
    count: `select count(*) from ekeys e left join users r on r.id = e.recipient_id where ${LIVE_KEY} and ${KEY_SEARCH}`,
    sqlParams: [lockId, '%Tenant 04%'],
  },
  {
    name: 'passcode list, first page',
    call: passcode.list,
    params: first,
    page: `${PASSCODE_PAGE} ${newestFirst('p')}`,
    count: PASSCODE_COUNT,
    sqlParams: [lockId],
  },
  {
    name: 'passcode list, search',
    call: passcode.list,
    params: { ...first, searchStr: 'Guest 01' },
    page: `${PASSCODE_PAGE}${PASSCODE_SEARCH} ${newestFirst('p')}`,
    count: `${PASSCODE_COUNT}${PASSCODE_SEARCH}`,
    sqlParams: [lockId, '%Guest 01%'],
  },
  {
    name: 'card list, first page',
    call: lockCredential.card.list,
    params: first,
    page: `${CARD_PAGE} ${newestFirst('c')}`,
    count: CARD_COUNT,
    sqlParams: [lockId],
  },
  {
    name: 'card list, search',
    call: lockCredential.card.list,
    params: { ...first, searchStr: 'Card 02' },
    page: `${CARD_PAGE}${CARD_SEARCH} ${newestFirst('c')}`,
    count: `${CARD_COUNT}${CARD_SEARCH}`,
    sqlParams: [lockId, '%Card 02%'],
  },
  {
    name: 'administrators list',
    call: admin.list,
    params: { pageSize: String(PAGE) },
    page: adminPage(''),
    count: adminCount(''),
    sqlParams: [owner],
  },
  {
    name: 'administrators list, search',
    call: admin.list,
    params: { pageSize: String(PAGE), searchStr: 'Manager 001' },
    page: adminPage(ADMIN_SEARCH),
    count: adminCount(ADMIN_SEARCH),
    sqlParams: [owner, '%Manager 001%'],
  },
];
const cases: SideBySideCase[] = [];
/** BENCH_CASES: only the cases whose names contain this text (e.g. "eKey"). */
const only = process.env.BENCH_CASES;
for (const list of lists) if (!only || list.name.includes(only)) cases.push(await checked(list));

const rows = await sideBySide(cases, { calls: CALLS, concurrency: CONCURRENCY, warmup: WARMUP });
console.log(goalVerdict(rows));
keepRows('credentials', rows);
await reference.end();
await app.close();
