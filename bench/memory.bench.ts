/**
 * Where an idle instance's memory goes. Starts the built server (`apps/server/dist/main.js`, as
 * `npm start` runs it) as a child process in each configuration and prints its resident memory
 * (VmRSS from /proc) right after start, after a warm-up of typical calls, and after a full garbage
 * collection, with the breakdown Node reports (process.memoryUsage: JS heap, external memory —
 * WebAssembly heaps such as PGlite's count there — and array buffers). Beside them, references: a
 * bare Node process, a bare PGlite with the same migrations, and the face-detection models loaded
 * alone (they load on the first face photo checked, not at start).
 *
 * Run after `npm run build`: `npm run bench -- memory`. With DATABASE_URL (a scratch database)
 * the PostgreSQL configurations run too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ekey, gateway, lock, lockRecord, passcode, user } from '@smartlock/contract';
import { type ResultRow, saveResults } from './results';
import { BENCH_CONSOLE_SECRET, httpCall, httpLogin } from './support';

const root = join(import.meta.dirname, '..');
const MAIN = join(root, 'apps/server/dist/main.js');
const DATABASE_URL = process.env.DATABASE_URL;
const DEMO_ACCOUNT = 'demo@smartlock.example';
const DEMO_PASSWORD = 'Demo@2026';
/** Seconds an instance is left alone before "idle" is read: the demo fleet's start-up settles. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);

/**
 * Loaded into each child with --import: answers "usage" over the IPC channel with
 * process.memoryUsage() after a full collection (the child runs with --expose-gc).
 */
const PROBE = `data:text/javascript,${encodeURIComponent(
  "process.on('message', (m) => { if (m === 'usage') { globalThis.gc?.(); process.send({ usage: process.memoryUsage() }); } }); process.channel?.unref();",
)}`;

type Usage = NodeJS.MemoryUsage;
const mb = (bytes: number) => bytes / 1024 / 1024;

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? Number.NaN) / 1024;
}

function usageOf(child: ChildProcess): Promise<Usage> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve((message as { usage: Usage }).usage));
    child.send('usage');
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
  name: string;
  startSeconds: number;
  started: number;
  idle: number;
  warm: number | undefined;
  collected: number;
  usage: Usage;
  note?: string;
}

const rows: Figures[] = [];

/** Typical console calls as the demo account: account, gateways, lock list, and each lock's pages. */
async function warmUp(base: string): Promise<void> {
  const cookie = await httpLogin(base, DEMO_ACCOUNT, DEMO_PASSWORD);
  await httpCall(base, user.getInfo, {}, cookie);
  await httpCall(base, gateway.list, { pageNo: '1', pageSize: '20' }, cookie);
  const locks = (await httpCall(base, lock.list, { pageNo: '1', pageSize: '20' }, cookie)) as {
    list: { lockId: number }[];
  };
  for (let round = 0; round < 5; round++) {
    for (const { lockId } of locks.list) {
      const page = { lockId: String(lockId), pageNo: '1', pageSize: '20' };
      await httpCall(base, lock.detail, { lockId: String(lockId) }, cookie);
      await httpCall(base, lockRecord.list, page, cookie);
      await httpCall(base, ekey.list, page, cookie);
      await httpCall(base, passcode.list, page, cookie);
    }
  }
}

/** Starts the built server, reads its memory idle, after a warm-up (with the demo account), after GC. */
async function measureServer(
  name: string,
  env: Record<string, string>,
  options: { dataDir?: string; warm: boolean },
): Promise<void> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const began = performance.now();
  const server = spawn(process.execPath, ['--expose-gc', '--import', PROBE, MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CONSOLE_APP_SECRET: BENCH_CONSOLE_SECRET,
      SECRET_KEY: 'bench-memory-secret-0123456789abcdef',
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const url = out.match(/SmartLock console\s+(http:\/\/localhost:\d+)\//)?.[1];
        if (url) resolve(url.replace('localhost', '127.0.0.1'));
      });
      server.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${out}`)));
    });
    const pid = server.pid as number;
    const startSeconds = (performance.now() - began) / 1000;
    const started = residentMb(pid);
    await sleep(SETTLE_SECONDS * 1000);
    const idle = residentMb(pid);
    let warm: number | undefined;
    if (options.warm) {
      await warmUp(base);
      warm = residentMb(pid);
    }
    const usage = await usageOf(server);
    rows.push({ name, startSeconds, started, idle, warm, collected: residentMb(pid), usage });
  } finally {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How a reference child reports: its figures as one JSON line (it runs with --expose-gc). */
const REPORT = `
const { readFileSync } = await import('node:fs');
const residentMb = () => Number(readFileSync('/proc/self/status', 'utf8').match(/VmRSS:\\s+(\\d+) kB/)[1]) / 1024;
const report = (began, started, note) => {
  globalThis.gc();
  const figures = { startSeconds: (performance.now() - began) / 1000, started, idle: started, collected: residentMb(), usage: process.memoryUsage(), note };
  console.log(JSON.stringify(figures));
};
const began = performance.now();
`;

/** References, each plain JavaScript in a child of its own (no TypeScript loader in its memory). */
const REFERENCES = {
  node: 'report(began, residentMb());',
  /** A bare PGlite in the data directory argv[1] with the migrations; extra start parameters in argv[2]. */
  pglite: `
const { PGlite } = await import('@electric-sql/pglite');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
const extra = process.argv[2] ? ['-c', process.argv[2]] : [];
const client = new PGlite(process.argv[1], { startParams: [...PGlite.defaultStartParams, ...extra], extensions: { pg_trgm, btree_gin } });
await migrate(drizzle(client), { migrationsFolder: 'drizzle' });
const started = residentMb();
const heap = client.mod.HEAPU8.length / 1024 / 1024;
report(began, started, 'PGlite heap ' + heap.toFixed(0) + ' MB');
await client.close();
`,
};

async function measureReference(name: string, code: string, args: string[] = [], loader: string[] = []): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', ...loader, '--input-type=module', '-e', `${REPORT}${code}`, ...args],
    { cwd: join(root, 'apps/server'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code_ = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code_ !== 0) throw new Error(`${name}: the reference stopped (${code_}): ${out}`);
  rows.push({ name, ...(JSON.parse(out.trim().split('\n').pop() as string) as Omit<Figures, 'name'>) });
}

/**
 * The face models alone (TypeScript sources, so under tsx: compare with the "before" figure in
 * its note, not with the bare Node process): load, one check of a portrait, a second check.
 */
const FACE = `
const { loadFaceDetector } = await import('./src/domains/face/photoCheck/faceDetector.ts');
const { checkFacePhoto } = await import('./src/domains/face/checkFacePhoto.ts');
const { fixture } = await import('./src/domains/face/photoCheck/testImages.ts');
const before = residentMb();
const first = performance.now();
await loadFaceDetector();
const loaded = performance.now() - first;
const verdict = await checkFacePhoto(fixture('portrait.jpg'));
const firstCheck = performance.now() - first;
const second = performance.now();
await checkFacePhoto(fixture('portrait.jpg'));
const nextCheck = performance.now() - second;
if (!verdict.ok) throw new Error('the portrait was refused: ' + JSON.stringify(verdict));
report(first, residentMb(), 'before loading ' + before.toFixed(0) + ' MB; first check ' + firstCheck.toFixed(0) + ' ms (of it loading the models ' + loaded.toFixed(0) + ' ms), the next ' + nextCheck.toFixed(0) + ' ms');
`;

function print(): void {
  const header = [
    'configuration',
    'ready',
    'RSS at start',
    `idle ${SETTLE_SECONDS} s`,
    'warmed up',
    'after GC',
    'JS heap',
    'external',
    'of it array buffers',
  ];
  const table = rows.map((row) => [
    row.name,
    `${row.startSeconds.toFixed(1)} s`,
    `${row.started.toFixed(0)} MB`,
    `${row.idle.toFixed(0)} MB`,
    row.warm === undefined ? '–' : `${row.warm.toFixed(0)} MB`,
    `${row.collected.toFixed(0)} MB`,
    `${mb(row.usage.heapUsed).toFixed(0)} MB`,
    `${mb(row.usage.external).toFixed(0)} MB`,
    `${mb(row.usage.arrayBuffers).toFixed(0)} MB`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(`\n${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of table) console.log(line(row));
  for (const row of rows) if (row.note) console.log(`${row.name}: ${row.note}`);
}

async function main(): Promise<void> {
  await measureReference('bare Node process', REFERENCES.node);
  const bareDir = mkdtempSync(join(tmpdir(), 'bench-memory-pglite-'));
  try {
    await measureReference('bare PGlite, first start (initdb)', REFERENCES.pglite, [bareDir]);
    await measureReference('bare PGlite, restart', REFERENCES.pglite, [bareDir]);
    await measureReference('bare PGlite, restart, 32 MB buffers', REFERENCES.pglite, [bareDir, 'shared_buffers=32MB']);
  } finally {
    rmSync(bareDir, { recursive: true, force: true });
  }
  await measureReference('face models alone, after one check', FACE, [], ['--import', 'tsx']);

  const pgliteDir = mkdtempSync(join(tmpdir(), 'bench-memory-server-'));
  try {
    await measureServer('PGlite, DEMO off, first start', { DEMO: 'false' }, { dataDir: pgliteDir, warm: false });
    await measureServer('PGlite, DEMO off', { DEMO: 'false' }, { dataDir: pgliteDir, warm: false });
    await measureServer(
      'PGlite, demo account',
      { DEMO: 'true', DEMO_FLEET: 'false' },
      { dataDir: pgliteDir, warm: true },
    );
    await measureServer('PGlite, demo + fleet', { DEMO: 'true' }, { dataDir: pgliteDir, warm: true });
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (DATABASE_URL) {
    const env = { DATABASE_URL };
    await measureServer('PostgreSQL, DEMO off', { ...env, DEMO: 'false' }, { warm: false });
    await measureServer('PostgreSQL, demo account', { ...env, DEMO: 'true', DEMO_FLEET: 'false' }, { warm: true });
    await measureServer('PostgreSQL, demo + fleet', { ...env, DEMO: 'true' }, { warm: true });
  } else {
    console.log('\nPostgreSQL: skipped (set DATABASE_URL to a scratch database)');
  }
  print();
  keep();
}

/**
 * The summary's rows: an idle instance after a collection against its floor, measured in the same
 * run (a bare Node process; for the embedded engine a bare PGlite in Node with the same migrations
 * and buffers); the ratio is the floor's share of the instance (1 would be no overhead at all).
 */
const OVERHEAD_GOAL_MB = 150;
function keep(): void {
  const figure = (name: string) => rows.find((row) => row.name === name)?.collected;
  const node = figure('bare Node process') as number;
  const pglite = figure('bare PGlite, restart, 32 MB buffers') as number;
  const kept: ResultRow[] = [];
  const held = (name: string, floor: number, floorText: string) => {
    const ours = figure(name);
    if (ours === undefined) return;
    kept.push({
      figure: `idle instance, ${name} (resident after GC)`,
      ours: `${ours.toFixed(0)} MB`,
      reference: `${floor.toFixed(0)} MB (${floorText})`,
      ratio: floor / ours,
      goal: `at most ${OVERHEAD_GOAL_MB} MB over the floor`,
      met: ours - floor <= OVERHEAD_GOAL_MB,
    });
  };
  held('PGlite, demo account', pglite, 'a bare PGlite, same migrations and buffers');
  held('PostgreSQL, demo account', node, 'bare Node');
  saveResults('memory', kept, 'PGlite and PostgreSQL, embedded broker');
}

await main();
