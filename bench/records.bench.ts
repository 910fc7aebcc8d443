/**
 * Unlock records at volume, side by side with the raw SQL of the same page and capped count, on a
 * scratch PostgreSQL database beside DATABASE_URL (bench/scratchApp.ts). Seeds a lock with
 * BENCH_BIG_LOCK_RECORDS records (5,000,000) and an account of BENCH_ACCOUNT_LOCKS locks (1,000)
 * holding BENCH_ACCOUNT_RECORDS (1,000,000), then measures /lockRecord/list (first page, a query
 * type, one passcode, page 50 by offset, a keyset page deep in the log, a week, person searches
 * common, rare and absent) against the reference. Also what the person-search index costs: the
 * insert rate of BENCH_INSERT_RECORDS records with it and without it, and its build time.
 * Goal: ratio >= 0.5, p99 <= 50 ms. (The export of 200,000 rows: bench/export.bench.ts.)
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -w @smartlock/bench -- records
 */
import { performance } from 'node:perf_hooks';
import {
  lockRecord,
  RECORD_COUNT_CAP,
  RECORD_SEARCH_COUNT_CAP,
  RECORD_TYPES_OF_QUERY,
  RecordQueryType,
  VipStatus,
} from '@smartlock/contract';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { setVipStatus } from '@smartlock/server/src/test/vip';
import { NOW_MS, SEEDED_RECORD_TYPES, seedLockRecords } from './lockRecordSeed';
import { saveResults } from './results';
import { scratchApp } from './scratchApp';
import { checkedCase, goalVerdict, keepRows, type SideBySideCase, sideBySide } from './sideBySide';
import { addLocks, httpCall, httpLogin } from './support';

const BIG_LOCK_RECORDS = Number(process.env.BENCH_BIG_LOCK_RECORDS ?? 5_000_000);
const ACCOUNT_LOCKS = Number(process.env.BENCH_ACCOUNT_LOCKS ?? 1_000);
const ACCOUNT_RECORDS = Number(process.env.BENCH_ACCOUNT_RECORDS ?? 1_000_000);
const INSERT_RECORDS = Number(process.env.BENCH_INSERT_RECORDS ?? 200_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const PAGE = 20;
const OWNER = 'bench-records@example.com';
const PASSWORD = 'Bench#2026x';
/** Records arrive every 2 s on the big lock, newest now: 5M reach back about 116 days. */
const STEP_SECONDS = 2;
const DAY = 86_400_000;

const { app, db, brand, reference } = await scratchApp('bench_records', 'records');
const owner = await ensureDemoAccount(db, OWNER, PASSWORD, brand);
await setVipStatus(db, owner, VipStatus.open);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

// Seeded without the search index (a bulk load builds it once, after), then the index's cost measured.
const SEARCH_INDEX = await reference.query(`select pg_get_indexdef('lock_records_search_idx'::regclass) as definition`);
const searchIndexDefinition = SEARCH_INDEX.rows[0]?.definition as string;
await reference.query('drop index lock_records_search_idx');
const seeding = performance.now();
const [bigLock, plainLock, indexedLock] = (await addLocks(db, owner, 3, 'BE:0A:00')) as [number, number, number];
await seedLockRecords(db, bigLock, 1, BIG_LOCK_RECORDS, STEP_SECONDS);
const accountLocks = await addLocks(db, owner, ACCOUNT_LOCKS, 'BE:0B:00');
const perLock = Math.floor(ACCOUNT_RECORDS / ACCOUNT_LOCKS);
await reference.query(
  `insert into lock_records (lock_id, device_record_id, record_type, success, username, credential, person, lock_date, server_date)
    select l, g::text, (array[${SEEDED_RECORD_TYPES.join(',')}])[1 + g % ${SEEDED_RECORD_TYPES.length}], 1, 'guest@example.com', '123456', 'Guest',
      ${NOW_MS} - (g * interval '60 seconds'), ${NOW_MS} - (g * interval '60 seconds')
    from unnest($1::int[]) l, generate_series(1, ${perLock}) g`,
  [accountLocks],
);
console.log(
  `seeded ${BIG_LOCK_RECORDS.toLocaleString('en')} records on one lock and ${(perLock * ACCOUNT_LOCKS).toLocaleString('en')} over ${ACCOUNT_LOCKS} locks in ${seconds(seeding)} s`,
);

/** Inserts INSERT_RECORDS records into a lock in batches of 1,000 (as intakes write them); rows per second. */
async function insertRate(lockId: number): Promise<number> {
  const started = performance.now();
  for (let from = 1; from <= INSERT_RECORDS; from += 1000) {
    await seedLockRecords(db, lockId, from, Math.min(INSERT_RECORDS, from + 999), STEP_SECONDS);
  }
  return INSERT_RECORDS / ((performance.now() - started) / 1000);
}
const without = await insertRate(plainLock);
const building = performance.now();
await reference.query(searchIndexDefinition);
const buildSeconds = seconds(building);
const withIndex = await insertRate(indexedLock);
await reference.query('vacuum analyze lock_records');
const sizes = await reference.query(
  `select pg_size_pretty(pg_relation_size('lock_records_search_idx')) as search, pg_size_pretty(pg_relation_size('lock_records')) as heap`,
);
console.log(
  `person-search index: built over ${(BIG_LOCK_RECORDS + perLock * ACCOUNT_LOCKS + INSERT_RECORDS).toLocaleString('en')} records in ${buildSeconds} s, ${sizes.rows[0]?.search} (the table ${sizes.rows[0]?.heap}); inserts ${without.toFixed(0)} records/s without it, ${withIndex.toFixed(0)} with it (ratio ${(withIndex / without).toFixed(2)})`,
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await httpLogin(address, OWNER, PASSWORD);

// The hand-written SQL: the lock's page newest first and the count up to the list's cap.
const SEARCH = `(person || chr(10) || username || chr(10) || credential) ilike $2`;
type Results = { rows: Record<string, unknown>[] }[];
interface RecordCase {
  name: string;
  params: () => Record<string, string>;
  /** The reference's condition beside the lock ($1) and its values from $2 on. */
  where: string;
  values: unknown[];
  offset?: number;
  searched?: boolean;
}

/** A case over one lock; `lockOf` picks the lock of each call (the same for the check). */
function recordCase(c: RecordCase, lockOf: () => number): Promise<SideBySideCase> {
  const cap = c.searched ? RECORD_SEARCH_COUNT_CAP : RECORD_COUNT_CAP;
  const where = `lock_id = $1${c.where ? ` and ${c.where}` : ''}`;
  // Each side's first call is the one compared: both read the same lock; later calls pick anew.
  const first = lockOf();
  const picker = () => {
    let calls = 0;
    return () => (calls++ === 0 ? first : lockOf());
  };
  const productLock = picker();
  const referenceLock = picker();
  return checkedCase({
    name: c.name,
    product: () =>
      httpCall(
        address,
        lockRecord.list,
        { lockId: String(productLock()), pageSize: String(PAGE), ...c.params() },
        cookie,
      ),
    reference: () => {
      const values = [referenceLock(), ...c.values];
      return Promise.all([
        reference.query(
          `select * from lock_records where ${where} order by lock_date desc, id desc limit ${PAGE + 1} offset ${c.offset ?? 0}`,
          values,
        ),
        reference.query(`select count(*) from (select 1 from lock_records where ${where} limit ${cap + 1}) c`, values),
      ]);
    },
    oursOf: (data) => {
      const page = data as { list: { recordId: number }[]; total: number };
      return `${page.list.map((r) => r.recordId).join(',')} of ${page.total}`;
    },
    theirsOf: ([rows, count]: Results) =>
      `${(rows?.rows ?? [])
        .slice(0, PAGE)
        .map((r) => Number(r.id))
        .join(',')} of ${Math.min(cap, Number(count?.rows[0]?.count))}`,
  });
}

/** The keyset position `depth` rows down the big lock's log, as the list's cursor and as SQL values. */
async function positionAt(depth: number): Promise<{ cursor: string; at: string; id: string }> {
  const { rows } = await reference.query(
    `select (extract(epoch from lock_date) * 1000)::bigint as ms, id from lock_records
      where lock_id = $1 order by lock_date desc, id desc offset $2 limit 1`,
    [bigLock, depth],
  );
  const row = rows[0] as { ms: string; id: string };
  return { cursor: `${row.ms}:${row.id}`, at: new Date(Number(row.ms)).toISOString(), id: row.id };
}
const deep = await positionAt(Math.floor(BIG_LOCK_RECORDS * 0.8));
const weekAgo = Date.now() - 7 * DAY;
const now = Date.now();
const types = (queryType: number) => `record_type in (${(RECORD_TYPES_OF_QUERY[queryType] ?? []).join(',')})`;
const big = () => bigLock;
const anyAccountLock = () => accountLocks[Math.floor(Math.random() * accountLocks.length)] as number;
const cases: [RecordCase, () => number][] = [
  [{ name: 'records: first page (5M lock)', params: () => ({}), where: '', values: [] }, big],
  [
    {
      name: 'records: passcode records (query type)',
      params: () => ({ queryType: String(RecordQueryType.passcode) }),
      where: types(RecordQueryType.passcode),
      values: [],
    },
    big,
  ],
  [
    {
      name: 'records: one passcode (50 of 5M)',
      params: () => ({ keyboardPwd: '012345' }),
      where: `${types(RecordQueryType.passcode)} and credential = $2`,
      values: ['012345'],
    },
    big,
  ],
  [
    { name: 'records: page 50 by offset', params: () => ({ pageNo: '50' }), where: '', values: [], offset: 49 * PAGE },
    big,
  ],
  [
    {
      name: 'records: keyset page 80% down',
      params: () => ({ cursor: deep.cursor }),
      where: '(lock_date, id) < ($2::timestamptz, $3::bigint)',
      values: [deep.at, deep.id],
    },
    big,
  ],
  [
    {
      name: 'records: one week',
      params: () => ({ startDate: String(weekAgo), endDate: String(now) }),
      where: 'lock_date >= $2 and lock_date < $3',
      values: [new Date(weekAgo).toISOString(), new Date(now).toISOString()],
    },
    big,
  ],
  [
    {
      name: 'records: person search, common (Guest 42)',
      params: () => ({ searchStr: 'Guest 42' }),
      where: SEARCH,
      values: ['%Guest 42%'],
      searched: true,
    },
    big,
  ],
  [
    {
      name: 'records: person search, rare (a code, 50)',
      params: () => ({ searchStr: '012345' }),
      where: SEARCH,
      values: ['%012345%'],
      searched: true,
    },
    big,
  ],
  [
    {
      name: 'records: person search, nobody',
      params: () => ({ searchStr: 'Nobody' }),
      where: SEARCH,
      values: ['%Nobody%'],
      searched: true,
    },
    big,
  ],
  [{ name: 'records: first page, any of 1,000 locks', params: () => ({}), where: '', values: [] }, anyAccountLock],
  [
    {
      name: 'records: one week, any of 1,000 locks',
      params: () => ({ startDate: String(weekAgo), endDate: String(now) }),
      where: 'lock_date >= $2 and lock_date < $3',
      values: [new Date(weekAgo).toISOString(), new Date(now).toISOString()],
    },
    anyAccountLock,
  ],
];

const measured: SideBySideCase[] = [];
/** BENCH_CASES: only the cases whose names contain this text (e.g. "search"). */
const only = process.env.BENCH_CASES;
for (const [c, lockOf] of cases) if (!only || c.name.includes(only)) measured.push(await recordCase(c, lockOf));

const rows = await sideBySide(measured, { calls: CALLS, concurrency: CONCURRENCY, warmup: WARMUP });
console.log(goalVerdict(rows));
keepRows('records', rows);
saveResults('recordSearchIndex', [
  {
    figure: `record inserts with the person-search index (batches of 1,000, ${INSERT_RECORDS.toLocaleString('en')})`,
    ours: `${withIndex.toFixed(0)} records/s`,
    reference: `${without.toFixed(0)} records/s without it`,
    ratio: withIndex / without,
    goal: 'ratio >= 0.5',
    met: withIndex / without >= 0.5,
  },
]);
await reference.end();
await app.close();
