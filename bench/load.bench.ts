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
import { performance } from 'node:perf_hooks';
import type { Db } from '@smartlock/server/src/db/client';
import * as schema from '@smartlock/server/src/db/schema';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { clusterSettingsFromEnv, sleep, startCluster, withoutCredentials } from './cluster';
import { BENCH_PASSWORD, BROWSING, browseOnce, insertAccount, seedAccounts, signIn } from './consoleSessions';
import { checkRecords, describeCheck, drainRecords, startRecordFleet } from './recordFleet';
import { percentile } from './support';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);
const RECORDS_PER_SECOND = Number(process.env.BENCH_RECORDS_PER_SECOND ?? 50);
/** Calls made before the measurement starts (caches filled, code compiled), not counted. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const LOCKS_PER_SESSION = 5;

// The product: INSTANCES processes sharing the database, the broker and the root secret.
const settings = clusterSettingsFromEnv('load');
const INSTANCES = settings.instances;
const cluster = await startCluster(settings);
const { api, balancer } = cluster;
console.log(
  `product: ${INSTANCES} instance(s) on PostgreSQL, broker ${withoutCredentials(cluster.brokerUrl)}, at ${api}`,
);

// Accounts: one per session with a few locks, and the fleet's owner.
const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 4 });
const db = drizzle(pool, { schema }) as unknown as Db;
const run = randomBytes(3).toString('hex');
const seeded = performance.now();
const { accounts, passwordHash } = await seedAccounts(db, SESSIONS, LOCKS_PER_SESSION, `load-${run}`);
const fleetAccount = `load-${run}-fleet@example.com`;
await insertAccount(db, fleetAccount, 'Load fleet', passwordHash);
console.log(
  `seeded ${SESSIONS} accounts with ${LOCKS_PER_SESSION} locks each in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

// Sign every session in (not measured: the password hash is slow on purpose).
const loggedIn = performance.now();
const sessions = await signIn(api, accounts);
console.log(`${SESSIONS} sessions signed in in ${((performance.now() - loggedIn) / 1000).toFixed(1)} s`);

// The fleet: GATEWAYS gateways with one door each, registered through the API.
const fleetStarted = performance.now();
const records = await startRecordFleet({
  api,
  brokerUrl: cluster.brokerUrl,
  account: fleetAccount,
  password: BENCH_PASSWORD,
  gateways: GATEWAYS,
  trickleSeconds: 1 / RECORDS_PER_SECOND,
});
console.log(
  `fleet: ${GATEWAYS} gateways, ${records.locks.length} locks registered and online in ${((performance.now() - fleetStarted) / 1000).toFixed(1)} s; streaming about ${RECORDS_PER_SECOND} records/s`,
);

const latencies = new Map<string, number[]>(BROWSING.map((b) => [b.name, []]));
/** Errors count from the first call on, warm-up included: there must be none. */
const errors = new Map<string, number>();
const countError = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);
const streamingSince = performance.now();
const warm = performance.now() + WARMUP_SECONDS * 1000;
const began = warm;
const until = began + SECONDS * 1000;
await Promise.all(
  sessions.map(async (session) => {
    // Sessions start spread over one think time, then pause a random (exponential) while between calls.
    await sleep(Math.random() * THINK_MS);
    while (performance.now() < until) {
      const t0 = performance.now();
      const { name, error } = await browseOnce(api, session);
      if (error) countError(error);
      if (t0 >= warm) latencies.get(name)?.push(performance.now() - t0);
      await sleep(-Math.log(1 - Math.random()) * THINK_MS);
    }
  }),
);
// Sessions stop calling at the deadline (a pause running past it is not a call).
const elapsed = (Math.min(performance.now(), until) - began) / 1000;
const streamedFor = (performance.now() - streamingSince) / 1000;

// The records: the doors go quiet, the cloud acknowledges every lock's log, the database holds them all.
const drained = await drainRecords(records);
const check = await checkRecords(db, records);
await records.fleet.stop();

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
  `${GATEWAYS} gateways streamed ${check.stored} records in ${streamedFor.toFixed(1)} s (${(check.stored / streamedFor).toFixed(1)} records/s); ${describeCheck(check)}${drained ? '' : ' (the fleet did not drain in 60 s)'}`,
);
const ok = errorCount === 0 && check.ok && drained && all.length > 0;
console.log(ok ? 'load: ok (no errors, no record lost)' : 'load: FAILED');

await cluster.stop();
await pool.end();
process.exit(ok ? 0 : 1);
