/**
 * Load: 500 signed-in sessions browsing the console's calls and 100 gateways streaming unlock
 * records, for a fixed time, against the built server run as production runs it (its own
 * processes on PostgreSQL; two instances behind a round-robin balancer when MQTT_URL names a
 * shared broker). Prints throughput, p50/p99 latency per call and in all, errors (must be 0) and
 * whether every record the locks wrote reached the database.
 *
 * Run (after `npm run build`, on a scratch database):
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_load MQTT_URL=mqtt://127.0.0.1:1883 \
 *     npm run bench -- load
 * Settings: BENCH_SESSIONS (500), BENCH_GATEWAYS (100), BENCH_SECONDS (60), BENCH_THINK_MS (mean
 * pause between a session's calls, 2000), BENCH_RECORDS_PER_SECOND (across the fleet, 50),
 * BENCH_INSTANCES (2 with MQTT_URL, else 1).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type CallDefinition, ekey, gateway, lock, lockRecord, passcode, user } from '@smartlock/contract';
import { ApiClient, HttpRegistrar, startFleet } from '@smartlock/devices';
import type { Db } from '@smartlock/server/src/db/client';
import * as schema from '@smartlock/server/src/db/schema';
import { insertUser } from '@smartlock/server/src/domains/user/userQueries';
import { hashPassword } from '@smartlock/server/src/security/password';
import { count, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startBalancer } from '../e2e/support/balancer';
import { startInstance, stopInstance } from '../e2e/support/instance';
import { addLocks, BENCH_CONSOLE_SECRET, httpLogin, httpSend, percentile } from './support';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);
const RECORDS_PER_SECOND = Number(process.env.BENCH_RECORDS_PER_SECOND ?? 50);
/** Calls made before the measurement starts (caches filled, code compiled), not counted. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const DATABASE_URL = process.env.DATABASE_URL;
const MQTT_URL = process.env.MQTT_URL;
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? (MQTT_URL ? 2 : 1));
const PASSWORD = 'Bench#2026x';
const LOCKS_PER_SESSION = 5;

if (!DATABASE_URL) {
  console.error('The load benchmark needs DATABASE_URL: a scratch PostgreSQL database it may fill.');
  process.exit(2);
}
if (INSTANCES > 1 && !MQTT_URL) {
  console.error('Several instances need a shared broker: set MQTT_URL (e.g. mqtt://127.0.0.1:1883).');
  process.exit(2);
}
const root = join(import.meta.dirname, '..');
if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
  console.error('Build the product first: npm run build');
  process.exit(2);
}

// The product: INSTANCES processes sharing the database, the broker and the root secret.
const secretKey = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'smartlock-load-'));
const servers = [];
for (let i = 0; i < INSTANCES; i++) {
  servers.push(
    await startInstance({
      DATABASE_URL,
      SECRET_KEY: secretKey,
      CONSOLE_APP_SECRET: BENCH_CONSOLE_SECRET,
      DATA_DIR: join(dataDir, `instance-${i}`),
      DEMO: 'false',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...(MQTT_URL ? { MQTT_URL } : { MQTT_PORT: '0' }),
    }),
  );
}
const balancer = INSTANCES > 1 ? await startBalancer(servers.map((s) => s.port)) : undefined;
const api = `http://127.0.0.1:${balancer?.port ?? servers[0]?.port}`;
const brokerUrl = MQTT_URL ?? servers[0]?.brokerUrl ?? '';
console.log(
  `product: ${INSTANCES} instance(s) on PostgreSQL, broker ${brokerUrl.replace(/\/\/[^@]*@/, '//')}, at ${api}`,
);

// Accounts: one per session with a few locks, and the fleet's owner.
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
const db = drizzle(pool, { schema }) as unknown as Db;
const brand = JSON.parse(readFileSync(join(root, 'apps/server/brands.json'), 'utf8')).default.packageName as string;
const passwordHash = await hashPassword(PASSWORD);
const run = randomBytes(3).toString('hex');
const seeded = performance.now();
const accounts: { account: string; lockIds: number[] }[] = [];
for (let i = 0; i < SESSIONS; i++) {
  const account = `load-${run}-${i}@example.com`;
  const created = await insertUser(db, {
    email: account,
    mobile: null,
    countryId: 'AU',
    countryCode: '61',
    nickname: `Load ${i}`,
    passwordHash,
    packageName: brand,
  });
  const prefix =
    `${run.slice(0, 2)}:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase();
  accounts.push({ account, lockIds: await addLocks(db, created.id, LOCKS_PER_SESSION, prefix) });
}
const fleetAccount = `load-${run}-fleet@example.com`;
await insertUser(db, {
  email: fleetAccount,
  mobile: null,
  countryId: 'AU',
  countryCode: '61',
  nickname: 'Load fleet',
  passwordHash,
  packageName: brand,
});
console.log(
  `seeded ${SESSIONS} accounts with ${LOCKS_PER_SESSION} locks each in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

/** Each session calls from an address of its own (behind the trusted proxy), as real users do. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function send(definition: CallDefinition, params: Record<string, string>, cookie: string, address: string) {
  const { status, json, response } = await httpSend(api, definition, params, { cookie, address });
  return { status, errorCode: json.errorCode, response };
}

// Sign every session in (not measured: the password hash is slow on purpose).
const loggedIn = performance.now();
const cookies: string[] = [];
for (let start = 0; start < SESSIONS; start += 25) {
  const batch = accounts
    .slice(start, start + 25)
    .map(({ account }, k) => httpLogin(api, account, PASSWORD, addressOf(start + k)));
  cookies.push(...(await Promise.all(batch)));
}
console.log(`${SESSIONS} sessions signed in in ${((performance.now() - loggedIn) / 1000).toFixed(1)} s`);

// The fleet: GATEWAYS gateways with one door each, registered through the API.
const fleetClient = new ApiClient(api);
await fleetClient.login(fleetAccount, PASSWORD);
const fleetStarted = performance.now();
const fleet = await startFleet({
  mqttUrl: brokerUrl,
  registrar: new HttpRegistrar(fleetClient),
  gateways: GATEWAYS,
  locksPerGateway: 1,
  kinds: ['door'],
  bluetoothLatencyMs: 0,
  onlineTimeoutMs: 180_000,
  trickleSeconds: 1 / RECORDS_PER_SECOND,
  allowRemoteUnlock: false,
});
const fleetLocks = fleet.layout().flatMap((g) => g.locks);
console.log(
  `fleet: ${GATEWAYS} gateways, ${fleetLocks.length} locks registered and online in ${((performance.now() - fleetStarted) / 1000).toFixed(1)} s; streaming about ${RECORDS_PER_SECOND} records/s`,
);

/** What a person does in the console: the calls its screens make, with their usual weights. */
const BROWSING: {
  name: string;
  weight: number;
  call: CallDefinition;
  params: (locks: number[]) => Record<string, string>;
}[] = [
  { name: 'lock list', weight: 30, call: lock.list, params: () => ({ pageNo: '1', pageSize: '20' }) },
  { name: 'lock detail', weight: 20, call: lock.detail, params: (l) => ({ lockId: String(pick(l)) }) },
  {
    name: 'unlock records',
    weight: 20,
    call: lockRecord.list,
    params: (l) => ({ lockId: String(pick(l)), pageNo: '1', pageSize: '20' }),
  },
  {
    name: 'eKeys of a lock',
    weight: 10,
    call: ekey.list,
    params: (l) => ({ lockId: String(pick(l)), pageNo: '1', pageSize: '20' }),
  },
  {
    name: 'passcodes of a lock',
    weight: 10,
    call: passcode.list,
    params: (l) => ({ lockId: String(pick(l)), pageNo: '1', pageSize: '20' }),
  },
  { name: 'gateways', weight: 5, call: gateway.list, params: () => ({ pageNo: '1', pageSize: '20' }) },
  { name: 'account', weight: 5, call: user.getInfo, params: () => ({}) },
];
const TOTAL_WEIGHT = BROWSING.reduce((sum, b) => sum + b.weight, 0);
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}
function pickCall() {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const entry of BROWSING) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  return BROWSING[0] as (typeof BROWSING)[number];
}

const recordsBefore = await storedRecords();
const latencies = new Map<string, number[]>(BROWSING.map((b) => [b.name, []]));
/** Errors count from the first call on, warm-up included: there must be none. */
const errors = new Map<string, number>();
const countError = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);
const streamingSince = performance.now();
const warm = performance.now() + WARMUP_SECONDS * 1000;
const began = warm;
const until = began + SECONDS * 1000;
await Promise.all(
  accounts.map(async ({ lockIds }, i) => {
    // Sessions start spread over one think time, then pause a random (exponential) while between calls.
    await sleep(Math.random() * THINK_MS);
    while (performance.now() < until) {
      const entry = pickCall();
      const t0 = performance.now();
      try {
        const { status, errorCode } = await send(entry.call, entry.params(lockIds), cookies[i] as string, addressOf(i));
        if (status !== 200 || errorCode !== 0) countError(`${entry.name}: ${status}/${errorCode}`);
      } catch (error) {
        const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
        countError(`${entry.name}: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
      }
      if (t0 >= warm) latencies.get(entry.name)?.push(performance.now() - t0);
      await sleep(-Math.log(1 - Math.random()) * THINK_MS);
    }
  }),
);
// Sessions stop calling at the deadline (a pause running past it is not a call).
const elapsed = (Math.min(performance.now(), until) - began) / 1000;
const streamedFor = (performance.now() - streamingSince) / 1000;

// The records: the doors go quiet, the cloud acknowledges every lock's log, the database holds them all.
fleet.quiet();
const drained = performance.now();
while (fleet.unsentRecordCount() > 0 && performance.now() - drained < 60_000) await sleep(200);
await fleet.stop();
const written = fleetLocks.reduce((sum, entry) => {
  const found = fleet.lock(entry.mac);
  return sum + ((found?.lock.snapshot().log.nextRecordId ?? 1) - 1);
}, 0);
const stored = (await storedRecords()) - recordsBefore;

const all = [...latencies.values()].flat().sort((a, b) => a - b);
const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
console.log(
  `\n${SESSIONS} sessions browsing for ${elapsed.toFixed(1)} s after ${WARMUP_SECONDS} s of warm-up (mean pause ${THINK_MS} ms between calls):`,
);
for (const [name, times] of latencies) {
  times.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(20)} ${String(times.length).padStart(7)} calls  p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms`,
  );
}
console.log(
  `  ${'all calls'.padEnd(20)} ${String(all.length).padStart(7)} calls  p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(all, 99).toFixed(1).padStart(7)} ms  throughput ${(all.length / elapsed).toFixed(0)} calls/s`,
);
console.log(`  errors: ${errorCount}${errorCount ? ` (${[...errors].map(([k, v]) => `${k} x${v}`).join(', ')})` : ''}`);
if (balancer) console.log(`  requests per instance: ${balancer.served.join(' / ')}`);
console.log(
  `${GATEWAYS} gateways streamed ${stored} records in ${streamedFor.toFixed(1)} s (${(stored / streamedFor).toFixed(1)} records/s); the locks wrote ${written}: ${stored === written ? 'none lost' : `${written - stored} MISSING`}`,
);
const ok = errorCount === 0 && stored === written && all.length > 0;
console.log(ok ? 'load: ok (no errors, no record lost)' : 'load: FAILED');

await balancer?.close();
for (const server of servers) await stopInstance(server.child);
await pool.end();
process.exit(ok ? 0 : 1);

async function storedRecords(): Promise<number> {
  const ids = fleetLocks.map((l) => l.lockId);
  if (ids.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(schema.lockRecords).where(inArray(schema.lockRecords.lockId, ids));
  return Number(row?.n ?? 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
