/**
 * Unlock records at volume, in process on PostgreSQL (DATABASE_URL; PGlite in memory when unset,
 * with BENCH_BIG_LOCK_RECORDS lowered to what it can hold). Seeds a lock with 5,000,000 records
 * and an account with 1,000,000 records over 1,000 locks, then prints:
 * /lockRecord/list latency (p50, p99): the first page, a query-type filter, page 50 by offset,
 * and a keyset page deep in the log, on the big lock and on the locks of the big account.
 * Budget: p99 < 100 ms. (The export of 200,000 rows: bench/export.bench.ts.)
 * Run: DATABASE_URL=postgresql://127.0.0.1:5432/test npm run bench -w @smartlock/bench -- records
 */
import { performance } from 'node:perf_hooks';
import { lockRecord, RecordQueryType, VipStatus } from '@smartlock/contract';
import { buildApp } from '@smartlock/server/src/app';
import { testConfig } from '@smartlock/server/src/config';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { setVipStatus } from '@smartlock/server/src/test/vip';
import { sql } from 'drizzle-orm';
import { SEEDED_RECORD_TYPES, seedLockRecords } from './lockRecordSeed';
import { addLocks, BENCH_CONSOLE_SECRET, call, loginCookie, percentile } from './support';

const BIG_LOCK_RECORDS = Number(process.env.BENCH_BIG_LOCK_RECORDS ?? 5_000_000);
const ACCOUNT_LOCKS = Number(process.env.BENCH_ACCOUNT_LOCKS ?? 1_000);
const ACCOUNT_RECORDS = Number(process.env.BENCH_ACCOUNT_RECORDS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const ACCOUNT = 'bench-records@example.com';
const PASSWORD = 'Bench#2026x';
/** Records arrive every 2 s on the big lock, newest now: 5M reach back about 116 days. */
const STEP_SECONDS = 2;

const app = await buildApp(
  testConfig({ CONSOLE_APP_SECRET: BENCH_CONSOLE_SECRET, DATABASE_URL: process.env.DATABASE_URL || undefined }),
);
await app.ready();
const { db, engine } = app.services.database;
const owner = await ensureDemoAccount(db, ACCOUNT, PASSWORD, app.services.brands.default.packageName);
await setVipStatus(db, owner, VipStatus.open);

const seeding = performance.now();
const [bigLock] = await addLocks(db, owner, 1, 'BE:0A:00');
await seedLockRecords(db, bigLock as number, 1, BIG_LOCK_RECORDS, STEP_SECONDS);
const accountLocks = await addLocks(db, owner, ACCOUNT_LOCKS, 'BE:0B:00');
const perLock = Math.floor(ACCOUNT_RECORDS / ACCOUNT_LOCKS);
const values = accountLocks.join(',');
await db.execute(
  sql.raw(`insert into lock_records (lock_id, device_record_id, record_type, success, username, credential, person, lock_date, server_date)
    select l, g::text, (array[${SEEDED_RECORD_TYPES.join(',')}])[1 + g % ${SEEDED_RECORD_TYPES.length}], 1, 'guest@example.com', '123456', 'Guest',
      now() - (g * interval '60 seconds'), now() - (g * interval '60 seconds')
    from unnest(array[${values}]) l, generate_series(1, ${perLock}) g`),
);
await db.execute(sql.raw('analyze lock_records'));
console.log(
  `engine ${engine}: seeded ${BIG_LOCK_RECORDS.toLocaleString('en')} records on one lock and ${(perLock * ACCOUNT_LOCKS).toLocaleString('en')} over ${ACCOUNT_LOCKS} locks in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
);

const cookie = await loginCookie(app, ACCOUNT, PASSWORD);

async function measure(label: string, params: () => Record<string, string>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    const { json } = await call(app, lockRecord.list, params(), cookie);
    times.push(performance.now() - started);
    if (json.errorCode !== 0) throw new Error(`${label}: ${JSON.stringify(json)}`);
  }
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  console.log(
    `${label.padEnd(58)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  ${p99 < 100 ? 'ok' : 'OVER BUDGET (p99 < 100 ms)'}`,
  );
}

/** The cursor of the row `depth` rows down the big lock's log (newest first). */
async function cursorAt(lockId: number, depth: number): Promise<string> {
  const result = (await db.execute(
    sql`select (extract(epoch from lock_date) * 1000)::bigint as at, id from lock_records
      where lock_id = ${lockId} order by lock_date desc, id desc offset ${depth} limit 1`,
  )) as unknown as { rows: { at: string | number; id: string | number }[] };
  const row = result.rows[0];
  return `${row?.at}:${row?.id}`;
}

const big = String(bigLock);
const deep = await cursorAt(bigLock as number, Math.floor(BIG_LOCK_RECORDS * 0.8));
const random = () => String(accountLocks[Math.floor(Math.random() * accountLocks.length)]);
console.log(`\n/lockRecord/list, ${CALLS} calls each (pageSize 20)`);
await measure('big lock: first page', () => ({ lockId: big }));
await measure('big lock: passcode records (query type 4)', () => ({
  lockId: big,
  queryType: String(RecordQueryType.passcode),
}));
await measure('big lock: page 50 (offset)', () => ({ lockId: big, pageNo: '50' }));
await measure('big lock: keyset page 80% down the log', () => ({ lockId: big, cursor: deep }));
await measure('big lock: a person (search)', () => ({ lockId: big, searchStr: 'Guest 42' }));
await measure('account of 1,000 locks: first page of a random lock', () => ({ lockId: random() }));
await measure('account of 1,000 locks: one week of a random lock', () => ({
  lockId: random(),
  startDate: String(Date.now() - 7 * 86_400_000),
  endDate: String(Date.now()),
}));

await app.close();
