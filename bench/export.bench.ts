/**
 * The record export at volume: a lock of BENCH_EXPORT_LOCK_RECORDS records (default 250,000) in a
 * scratch PostgreSQL database beside DATABASE_URL, and its newest BENCH_EXPORT_ROWS (200,000)
 * exported as xlsx and as CSV by the built server (`apps/server/dist/main.js`, what production
 * runs, in a process of its own, so the memory measured is the product's), downloaded over HTTP
 * and thrown away as they come, BENCH_EXPORT_RUNS times each (default 3). Each download prints the
 * file's size, its time, rows per second, the server's CPU seconds (every thread: the zlib pool's
 * too) and its resident memory while streaming; then the median run of each format (with the
 * most RSS of its runs) and the server's peak ever (VmHWM, start-up included). The first xlsx
 * file is read back: its sheet must hold the header and every row. BENCH_EXPORT_FORMATS=xlsx (or
 * csv) measures one format only.
 * Budgets: 200,000 rows within 5 s; the server's peak RSS < 200 MB.
 * BENCH_EXPORT_CPU_PROF=<folder>: the server writes a V8 CPU profile of its main thread there.
 * BENCH_EXPORT_SERVER=<bundle>: runs that build of the server instead (kept beside dist/main.js).
 * Run: npm run build -w @smartlock/server, then
 *      DATABASE_URL=postgresql://127.0.0.1:5432/test npm run bench -- export
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { lockRecord, VipStatus } from '@smartlock/contract';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { setVipStatus } from '@smartlock/server/src/test/vip';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { seedLockRecords } from './lockRecordSeed';
import { type ResultRow, saveResults } from './results';
import { scratchApp } from './scratchApp';
import { addLocks, BENCH_CONSOLE_SECRET, httpCall, httpLogin } from './support';

const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const LOCK_RECORDS = Number(process.env.BENCH_EXPORT_LOCK_RECORDS ?? Math.round(EXPORT_ROWS * 1.25));
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? 'xlsx,csv').split(',');
const CPU_PROFILE = process.env.BENCH_EXPORT_CPU_PROF;
const DATABASE = 'bench_export';
const ACCOUNT = 'bench-export@example.com';
const PASSWORD = 'Bench#2026x';
/** Budget: 200,000 rows in 5 s, the same pace for another row count. */
const BUDGET_SECONDS = (5 * EXPORT_ROWS) / 200_000;
const BUDGET_RSS_MB = 200;

/** The server bundle to run: BENCH_EXPORT_SERVER=<path> runs another build (a before/after comparison). */
const main = process.env.BENCH_EXPORT_SERVER ?? fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error('The export benchmark runs the built server: npm run build -w @smartlock/server first.');
  process.exit(2);
}

const { app, db, brand, reference } = await scratchApp(DATABASE, 'export');
const owner = await ensureDemoAccount(db, ACCOUNT, PASSWORD, brand);
await setVipStatus(db, owner, VipStatus.open);
const [lockId] = (await addLocks(db, owner, 1, 'BE:0E:00')) as [number];
const seeding = performance.now();
await seedLockRecords(db, lockId, 1, LOCK_RECORDS, 2);
await db.execute(sql.raw('analyze lock_records'));
const window = (await db.execute(
  sql`select floor(extract(epoch from lock_date) * 1000)::float8 as at from lock_records
    where lock_id = ${lockId} order by lock_date desc, id desc offset ${EXPORT_ROWS - 1} limit 1`,
)) as unknown as { rows: { at: number }[] };
const startDate = Number(window.rows[0]?.at);
await app.close();
console.log(
  `seeded ${LOCK_RECORDS.toLocaleString('en')} records on one lock in ${((performance.now() - seeding) / 1000).toFixed(1)} s; exporting the newest ${EXPORT_ROWS.toLocaleString('en')}`,
);

/** Resident memory of a process now and at its peak (VmRSS, VmHWM), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU seconds a process has used, user and system, all its threads (clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The rows (header included) of the sheet of an exported xlsx file. */
function sheetRows(file: Uint8Array): number {
  const sheet = unzipSync(file, { filter: (f) => f.name === 'xl/worksheets/sheet1.xml' })['xl/worksheets/sheet1.xml'];
  if (!sheet) throw new Error('the xlsx file has no xl/worksheets/sheet1.xml');
  return Buffer.from(sheet.buffer, sheet.byteOffset, sheet.length).toString('latin1').split('</row>').length - 1;
}

/**
 * The reference: the same rows read by hand-written SQL through a plain pool, in the export's
 * order and batch size (2,000, by keyset), and thrown away; the seconds it took.
 */
async function referenceRead(lockId: number, startDate: number, endDate: number): Promise<number> {
  const started = performance.now();
  let after: { at: string; id: string } | undefined;
  let rows = 0;
  for (;;) {
    const batch = await reference.query(
      `select id, lock_date, server_date, record_type, success, username, credential, person, battery
         from lock_records
        where lock_id = $1 and lock_date >= $2 and lock_date < $3
          and ($4::timestamptz is null or (lock_date, id) < ($4::timestamptz, $5::bigint))
        order by lock_date desc, id desc limit 2000`,
      [lockId, new Date(startDate), new Date(endDate), after?.at ?? null, after?.id ?? null],
    );
    rows += batch.rows.length;
    const last = batch.rows.at(-1) as { lock_date: Date; id: string } | undefined;
    if (!last || batch.rows.length < 2000) break;
    after = { at: last.lock_date.toISOString(), id: String(last.id) };
  }
  if (rows !== EXPORT_ROWS) throw new Error(`the reference read ${rows} rows, not ${EXPORT_ROWS}`);
  return (performance.now() - started) / 1000;
}

interface Run {
  bytes: number;
  seconds: number;
  cpu: number;
  rss: number;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const url = new URL(process.env.DATABASE_URL as string);
url.pathname = `/${DATABASE}`;
const server = spawn(process.execPath, [...(CPU_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROFILE] : []), main], {
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    DEMO: 'false',
    LOG_LEVEL: 'warn',
    CONSOLE_APP_SECRET: BENCH_CONSOLE_SECRET,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-export-')),
    SECRET_KEY: 'bench-records-export-secret-0123456789',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
try {
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = out.match(/SmartLock console\s+(http:\/\/localhost:\d+)\//)?.[1];
      if (found) resolve(found.replace('localhost', '127.0.0.1'));
    });
    server.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${out}`)));
  });
  const pid = server.pid as number;
  const cookie = await httpLogin(base, ACCOUNT, PASSWORD);
  console.log(
    `\nexport by the built server (pid ${pid}), ${RUNS} downloads per format: ${memoryOf(pid).rss.toFixed(0)} MB resident before; load average ${load()}`,
  );
  const endDate = Date.now() + 1_000;
  const medians: string[] = [];
  const kept: { format: string; median: Run }[] = [];
  for (const format of FORMATS) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const prepared = (await httpCall(
        base,
        lockRecord.exportRecords,
        { lockId: String(lockId), startDate: String(startDate), endDate: String(endDate), format },
        cookie,
      )) as { total: number; downloadPath: string };
      if (prepared.total !== EXPORT_ROWS) throw new Error(`export counts ${prepared.total} rows, not ${EXPORT_ROWS}`);
      let rss = 0;
      const sampler = setInterval(() => {
        rss = Math.max(rss, memoryOf(pid).rss);
      }, 20);
      const cpuBefore = cpuSecondsOf(pid);
      const started = performance.now();
      const response = await fetch(`${base}${prepared.downloadPath}`, {
        headers: { cookie: `ACCESS_TOKEN=${cookie}` },
      });
      if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
      const keep = format === 'xlsx' && i === 0;
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      for await (const chunk of response.body) {
        bytes += (chunk as Uint8Array).length;
        if (keep) chunks.push(chunk as Uint8Array);
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const run = { bytes, seconds, cpu: cpuSecondsOf(pid) - cpuBefore, rss };
      runs.push(run);
      console.log(`export ${format} #${i + 1}: ${figures(run)}`);
      if (keep) {
        const rows = sheetRows(Buffer.concat(chunks));
        if (rows !== EXPORT_ROWS + 1) throw new Error(`the xlsx sheet holds ${rows} rows, not ${EXPORT_ROWS + 1}`);
      }
    }
    const median = {
      ...([...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)] as Run),
      rss: Math.max(...runs.map((r) => r.rss)),
    };
    kept.push({ format, median });
    medians.push(
      `export ${format} (median run of ${RUNS}, RSS the most of all): ${figures(median)} ${median.seconds <= BUDGET_SECONDS ? 'ok' : `OVER BUDGET (${EXPORT_ROWS.toLocaleString('en')} rows in ${BUDGET_SECONDS} s)`}`,
    );
  }
  const peak = memoryOf(pid).peak;
  const referenceRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) referenceRuns.push(await referenceRead(lockId, startDate, endDate));
  const referenceSeconds = [...referenceRuns].sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
  medians.push(
    `reference (the same rows read by raw SQL in batches of 2,000, median of ${RUNS}): ${referenceSeconds.toFixed(2)} s`,
  );
  console.log(`\n${medians.join('\n')}`);
  console.log(
    `server peak RSS ever ${peak.toFixed(0)} MB ${peak < BUDGET_RSS_MB ? 'ok' : `OVER BUDGET (< ${BUDGET_RSS_MB} MB)`}; load average ${load()}`,
  );
  saveResults('export', [
    ...kept.map(
      ({ format, median }): ResultRow => ({
        figure: `export of ${EXPORT_ROWS.toLocaleString('en')} records, ${format} (${(median.bytes / 1024 / 1024).toFixed(1)} MB), seconds`,
        ours: `${median.seconds.toFixed(2)} s`,
        reference: `${referenceSeconds.toFixed(2)} s (the rows read by raw SQL)`,
        ratio: referenceSeconds / median.seconds,
        goal: `<= ${BUDGET_SECONDS} s`,
        met: median.seconds <= BUDGET_SECONDS,
      }),
    ),
    {
      figure: 'export: server peak resident memory',
      ours: `${peak.toFixed(0)} MB`,
      reference: '',
      goal: `<= ${BUDGET_RSS_MB} MB`,
      met: peak <= BUDGET_RSS_MB,
    },
  ]);
} finally {
  await reference.end();
  server.kill();
  await exited;
}

function figures(run: Run): string {
  return `${EXPORT_ROWS.toLocaleString('en')} rows, file ${(run.bytes / 1024 / 1024).toFixed(1)} MB, in ${run.seconds.toFixed(2)} s (${Math.round(EXPORT_ROWS / run.seconds).toLocaleString('en')} rows/s), server CPU ${run.cpu.toFixed(2)} s, RSS while streaming up to ${run.rss.toFixed(0)} MB`;
}
