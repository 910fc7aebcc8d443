/**
 * Unlock records partitioned by month (docs/records.md, "Partitions") against the same records in
 * one unpartitioned table, side by side, on a scratch PostgreSQL database beside DATABASE_URL
 * (bench/scratchApp.ts). The database generates BENCH_PARTITION_RECORDS records (50,000,000) over
 * BENCH_PARTITION_LOCKS locks (1,000), spread evenly over the last BENCH_PARTITION_MONTHS months
 * (24), into the product's partitioned `lock_records`, and copies them into `lock_records_flat`:
 * the table as it was before partitioning (one table, the unique key without the lock time), with
 * the same indexes. Then:
 * - the insert rate: BENCH_INSERT_RECORDS new records (200,000) of any of the locks, in batches of
 *   1,000 as intakes write them (`ON CONFLICT DO NOTHING`), a batch into each table in turn;
 * - reads: /lockRecord/list of any of the locks over HTTP (the product, on the partitioned table)
 *   against the hand-written SQL of the same page and capped count on the unpartitioned copy: the
 *   first page, a keyset page 80% down a lock's log, one week; and the first page's SQL on both
 *   tables (what partitioning alone costs).
 * Goal: reads ratio >= 0.5 and p99 <= 50 ms; inserts at least as fast as into the one table.
 * BENCH_PARTITION_MIGRATION=1 then times migration 0021 converting the unpartitioned copy.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -w @smartlock/bench -- partitions
 * (a quick run: BENCH_PARTITION_RECORDS=2000000).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { lockRecord, RECORD_COUNT_CAP, VipStatus } from '@smartlock/contract';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { setVipStatus } from '@smartlock/server/src/test/vip';
import { SEEDED_RECORD_TYPES } from './lockRecordSeed';
import { saveResults } from './results';
import { scratchApp } from './scratchApp';
import { checkedCase, goalVerdict, keepRows, type SideBySideCase, sideBySide } from './sideBySide';
import { addLocks, httpCall, httpLogin } from './support';

const RECORDS = Number(process.env.BENCH_PARTITION_RECORDS ?? 50_000_000);
const LOCKS = Number(process.env.BENCH_PARTITION_LOCKS ?? 1_000);
const MONTHS = Number(process.env.BENCH_PARTITION_MONTHS ?? 24);
const INSERT_RECORDS = Number(process.env.BENCH_INSERT_RECORDS ?? 200_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const PAGE = 20;
const BATCH = 1000;
/** Rows one seeding statement generates. */
const SEED_CHUNK = 2_000_000;
const OWNER = 'bench-partitions@example.com';
const PASSWORD = 'Bench#2026x';
const DAY = 86_400_000;
/** The migration that partitioned the table. */
const MIGRATION = '0021_lock_records_partitioned';

const { app, db, brand, reference } = await scratchApp('bench_partitions', 'partitions');
const owner = await ensureDemoAccount(db, OWNER, PASSWORD, brand);
await setVipStatus(db, owner, VipStatus.open);
const locks = await addLocks(db, owner, LOCKS, 'BE:0C:00');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await reference.query(text, values)).rows as T[];
const count = (n: number) => n.toLocaleString('en');

// The partitioned table's keys and indexes, taken off while the records are generated and built
// once after (as a bulk load does), then the same for the unpartitioned copy.
const constraints = await query<{ name: string; definition: string }>(
  `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'lock_records'::regclass and contype in ('p', 'u')`,
);
const indexes = await query<{ name: string; definition: string }>(
  `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'lock_records'::regclass and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
);
for (const c of constraints) await query(`alter table lock_records drop constraint ${c.name}`);
for (const i of indexes) await query(`drop index ${i.name}`);

// A partition for every month of the records (the server makes only this month's and those ahead).
const seeding = performance.now();
await query(
  `select lock_records_add_month(m::date) from generate_series(date_trunc('month', now() - $1 * interval '1 month'), now(), interval '1 month') m`,
  [MONTHS],
);
// Records of all the locks interleaved in time (each lock one every `step`), newest now.
const perLock = Math.floor(RECORDS / LOCKS);
// Whole seconds, as a lock's clock gives them (the list's cursor holds milliseconds).
const stepSeconds = Math.max(1, Math.round((MONTHS * 30.44 * DAY) / 1000 / perLock));
const serialsPerChunk = Math.max(1, Math.floor(SEED_CHUNK / LOCKS));
for (let from = 1; from <= perLock; from += serialsPerChunk) {
  const to = Math.min(perLock, from + serialsPerChunk - 1);
  await query(
    `insert into lock_records (lock_id, device_record_id, record_type, success, username, credential, person, lock_date, server_date)
      select l, g::text, (array[${SEEDED_RECORD_TYPES.join(',')}])[1 + g % ${SEEDED_RECORD_TYPES.length}], case when g % 17 = 0 then 0 else 1 end,
        'guest' || (g % 500) || '@example.com', lpad((g % 100000)::text, 6, '0'), 'Guest ' || (g % 500),
        date_trunc('second', now()) - (g * interval '${stepSeconds} seconds'), date_trunc('second', now()) - (g * interval '${stepSeconds} seconds')
      from generate_series($1::int, $2::int) g, unnest($3::int[]) l`,
    [from, to, locks],
  );
}
const generated = seconds(seeding);
const copying = performance.now();
await query('create table lock_records_flat (like lock_records including defaults)');
await query('insert into lock_records_flat select * from lock_records');
const copied = seconds(copying);
const building = performance.now();
/** Each key's and index's build time, for the log. */
const builds: string[] = [];
async function build(name: string, statement: string) {
  const started = performance.now();
  await query(statement);
  builds.push(`${name} ${seconds(started)} s`);
}
// One connection of the pool would forget a session setting: the builds get theirs each.
const withMemory = (statement: string) => `set maintenance_work_mem = '1GB'; ${statement}`;
for (const c of constraints)
  await build(c.name, withMemory(`alter table lock_records add constraint ${c.name} ${c.definition}`));
// The parent's definitions read ON ONLY (the parent alone); built ON it, each partition gets its own.
for (const i of indexes) await build(i.name, withMemory(i.definition.replace(' ON ONLY ', ' ON ')));
const builtPartitioned = seconds(building);
const buildingFlat = performance.now();
// The unpartitioned table as it was: the record id alone its key, and the lock's record id unique.
await build(
  'flat pkey',
  withMemory('alter table lock_records_flat add constraint lock_records_flat_pkey primary key (id)'),
);
await build(
  'flat device unique',
  withMemory(
    'alter table lock_records_flat add constraint lock_records_flat_device_unique unique (lock_id, device_record_id)',
  ),
);
for (const i of indexes) {
  await build(
    `${i.name}_flat`,
    withMemory(
      i.definition
        .replace(` ${i.name} `, ` ${i.name}_flat `)
        .replace(' ON ONLY public.lock_records ', ' ON public.lock_records_flat '),
    ),
  );
}
const builtFlat = seconds(buildingFlat);
await query('vacuum analyze lock_records');
await query('vacuum analyze lock_records_flat');
const [sizes] = await query<{ partitioned: string; flat: string; partitions: number }>(
  `select pg_size_pretty((select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'lock_records'::regclass)) as partitioned,
    pg_size_pretty(pg_total_relation_size('lock_records_flat')) as flat,
    (select count(*) from pg_inherits where inhparent = 'lock_records'::regclass)::int as partitions`,
);
console.log(
  `seeded ${count(perLock * LOCKS)} records over ${count(LOCKS)} locks and ${MONTHS} months in ${generated} s, copied in ${copied} s; ` +
    `keys and indexes built in ${builtPartitioned} s (partitioned: ${sizes?.partitions} partitions, ${sizes?.partitioned}) and ${builtFlat} s (one table, ${sizes?.flat})`,
);
console.log(`builds: ${builds.join(', ')}`);

/** Ids of the inserted records, beyond the sequence's, the same in both tables (so their pages agree). */
const NEW_IDS = 1_000_000_000_000;
/** Their lock times count back from this whole second, the same in both tables. */
const NEW_FROM = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
/** Inserts a batch of new records of any of the locks into `table`, as an intake's one statement. */
async function insertBatch(table: string, from: number): Promise<number> {
  const started = performance.now();
  await query(
    `insert into ${table} (id, lock_id, device_record_id, record_type, success, username, credential, person, lock_date, server_date)
      select ${NEW_IDS} + i, ($3::int[])[1 + i % ${LOCKS}], 'new' || i, (array[${SEEDED_RECORD_TYPES.join(',')}])[1 + i % ${SEEDED_RECORD_TYPES.length}], 1,
        'guest' || (i % 500) || '@example.com', lpad((i % 100000)::text, 6, '0'), 'Guest ' || (i % 500),
        $4::timestamptz - i * interval '1 millisecond', now()
      from generate_series($1::int, $2::int) i on conflict do nothing`,
    [from, from + BATCH - 1, locks, NEW_FROM],
  );
  return performance.now() - started;
}
const spent = { partitioned: 0, flat: 0 };
for (let from = 1; from <= INSERT_RECORDS; from += BATCH) {
  spent.partitioned += await insertBatch('lock_records', from);
  spent.flat += await insertBatch('lock_records_flat', from);
}
const insertRate = {
  partitioned: INSERT_RECORDS / (spent.partitioned / 1000),
  flat: INSERT_RECORDS / (spent.flat / 1000),
};
const insertRatio = insertRate.partitioned / insertRate.flat;
console.log(
  `inserts (${count(INSERT_RECORDS)} in batches of ${BATCH}): partitioned ${insertRate.partitioned.toFixed(0)} records/s, one table ${insertRate.flat.toFixed(0)} records/s; ratio ${insertRatio.toFixed(2)}`,
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await httpLogin(address, OWNER, PASSWORD);

type Results = { rows: Record<string, unknown>[] }[];
/**
 * The page newest first (after a keyset position: `after`) and the count up to the list's cap
 * (the list counts without the position), of one lock ($1) in `table`.
 */
const pageAndCount = (table: string, where: string, values: unknown[], after = '') =>
  Promise.all([
    reference.query(
      `select * from ${table} where lock_id = $1${where}${after} order by lock_date desc, id desc limit ${PAGE + 1}`,
      values,
    ),
    reference.query(
      `select count(*) from (select 1 from ${table} where lock_id = $1${where} limit ${RECORD_COUNT_CAP + 1}) c`,
      values,
    ),
  ]);
const pageText = ([rows, total]: Results) =>
  `${(rows?.rows ?? [])
    .slice(0, PAGE)
    .map((r) => Number(r.id))
    .join(',')} of ${Math.min(RECORD_COUNT_CAP, Number(total?.rows[0]?.count))}`;

/** Any of the locks, call by call; each side's first call (the one compared) the same lock. */
function anyLock(): () => number {
  let calls = 0;
  return () => (calls++ === 0 ? (locks[0] as number) : (locks[Math.floor(Math.random() * LOCKS)] as number));
}

interface ReadCase {
  name: string;
  /** The list's parameters beside the lock and the page size. */
  params: (lockId: number) => Record<string, string>;
  /** The SQL's condition beside the lock, and its values after the lock's. */
  where: string;
  values: (lockId: number) => unknown[];
  /** The page's condition only: after a keyset position. */
  after?: (lockId: number) => string;
}

/** The product's list (HTTP, partitioned) against the SQL of the same page on the unpartitioned table. */
function listCase(c: ReadCase): Promise<SideBySideCase> {
  const ours = anyLock();
  const theirs = anyLock();
  return checkedCase({
    name: `${c.name} (list vs SQL, one table)`,
    product: async () => {
      const lockId = ours();
      return httpCall(
        address,
        lockRecord.list,
        { lockId: String(lockId), pageSize: String(PAGE), ...c.params(lockId) },
        cookie,
      );
    },
    reference: async () => {
      const lockId = theirs();
      return pageAndCount('lock_records_flat', c.where, [lockId, ...c.values(lockId)], c.after?.(lockId));
    },
    oursOf: (data) => {
      const page = data as { list: { recordId: number }[]; total: number };
      return `${page.list.map((r) => r.recordId).join(',')} of ${page.total}`;
    },
    theirsOf: pageText,
  });
}

/** The same SQL on the partitioned table and on the unpartitioned one. */
function sqlCase(c: ReadCase): Promise<SideBySideCase> {
  const ours = anyLock();
  const theirs = anyLock();
  return checkedCase({
    name: `${c.name} (SQL, partitioned vs one table)`,
    product: async () => {
      const lockId = ours();
      return pageAndCount('lock_records', c.where, [lockId, ...c.values(lockId)], c.after?.(lockId));
    },
    reference: async () => {
      const lockId = theirs();
      return pageAndCount('lock_records_flat', c.where, [lockId, ...c.values(lockId)], c.after?.(lockId));
    },
    oursOf: (data) => pageText(data as Results),
    theirsOf: pageText,
  });
}

/** The keyset position 80% down each lock's log: the list's cursor and the SQL's. */
const positions = new Map<number, { cursor: string; at: string; id: string }>();
for (const lockId of locks) {
  const [row] = await query<{ lock_date: Date; ms: string; id: string }>(
    `select lock_date, (extract(epoch from lock_date) * 1000)::bigint as ms, id from lock_records_flat
      where lock_id = $1 order by lock_date desc, id desc offset $2 limit 1`,
    [lockId, Math.floor(perLock * 0.8)],
  );
  if (!row) throw new Error(`lock ${lockId} has no record ${Math.floor(perLock * 0.8)} down its log`);
  positions.set(lockId, { cursor: `${row.ms}:${row.id}`, at: row.lock_date.toISOString(), id: row.id });
}
const positionOf = (lockId: number) => positions.get(lockId) as { cursor: string; at: string; id: string };

const now = Date.now();
const weekAgo = now - 7 * DAY;
const firstPage: ReadCase = { name: 'records: first page', params: () => ({}), where: '', values: () => [] };
const readCases: ReadCase[] = [
  firstPage,
  {
    name: 'records: keyset page 80% down',
    params: (lockId) => ({ cursor: positionOf(lockId).cursor }),
    where: '',
    values: () => [],
    after: (lockId) => ` and (lock_date, id) < ('${positionOf(lockId).at}'::timestamptz, ${positionOf(lockId).id})`,
  },
  {
    name: 'records: one week',
    params: () => ({ startDate: String(weekAgo), endDate: String(now) }),
    where: ' and lock_date >= $2 and lock_date < $3',
    values: () => [new Date(weekAgo).toISOString(), new Date(now).toISOString()],
  },
];
const measured: SideBySideCase[] = [];
/** BENCH_CASES: only the cases whose names contain this text (e.g. "first page"). */
const only = process.env.BENCH_CASES;
for (const c of readCases) if (!only || c.name.includes(only)) measured.push(await listCase(c));
if (!only || firstPage.name.includes(only)) measured.push(await sqlCase(firstPage));

const rows = await sideBySide(measured, { calls: CALLS, concurrency: CONCURRENCY, warmup: WARMUP });
console.log(goalVerdict(rows));
keepRows('partitions', rows);
saveResults('partitionInserts', [
  {
    figure: `record inserts into the partitioned table at ${count(perLock * LOCKS)} records (batches of ${BATCH}, ${count(INSERT_RECORDS)})`,
    ours: `${insertRate.partitioned.toFixed(0)} records/s`,
    reference: `${insertRate.flat.toFixed(0)} records/s into one table`,
    ratio: insertRatio,
    goal: 'ratio >= 1',
    met: insertRatio >= 1,
  },
]);

/**
 * BENCH_PARTITION_MIGRATION=1: the migration that partitioned the table, timed on the unpartitioned
 * copy made the table it converts (its own statements, from the committed file).
 */
if (process.env.BENCH_PARTITION_MIGRATION === '1') {
  await app.close();
  await query('alter sequence lock_records_id_seq owned by lock_records_flat.id');
  await query('drop table lock_records');
  await query('drop function lock_records_add_month');
  await query('alter table lock_records_flat rename to lock_records');
  await query('alter table lock_records rename constraint lock_records_flat_pkey to lock_records_pkey');
  await query(
    'alter table lock_records rename constraint lock_records_flat_device_unique to lock_records_device_unique',
  );
  for (const i of indexes) await query(`alter index ${i.name}_flat rename to ${i.name}`);
  const file = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/drizzle', `${MIGRATION}.sql`);
  const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
  const migrating = performance.now();
  const client = await reference.connect();
  try {
    await client.query('begin');
    for (const statement of statements) await client.query(statement);
    await client.query('commit');
  } finally {
    client.release();
  }
  const took = (performance.now() - migrating) / 1000;
  const [after] = await query<{ n: string; partitions: number }>(
    `select (select count(*) from lock_records)::text as n, (select count(*) from pg_inherits where inhparent = 'lock_records'::regclass)::int as partitions`,
  );
  console.log(
    `migration ${MIGRATION}: ${count(Number(after?.n))} records into ${after?.partitions} partitions in ${took.toFixed(1)} s (${(Number(after?.n) / took).toFixed(0)} records/s)`,
  );
  await reference.end();
} else {
  await reference.end();
  await app.close();
}
