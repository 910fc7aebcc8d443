/**
 * Capacity: what one instance of the built product sustains, as the inputs of the capacity model
 * (docs/scale.md). N instances (apps/server/dist/main.js, each a process) on one PostgreSQL
 * database and one broker, behind a round-robin balancer, with M simulated gateways (one door
 * each) and signed-in console sessions. Phases, one after the other:
 *
 * 1. Gateway messages: people open the doors at increasing rates (BENCH_DOOR_RATES, openings per
 *    second across the fleet; each logs records and moves the bolt, so the gateways send `records`
 *    and `state` events and the cloud acknowledges each `records` event). Per step: records written
 *    at the locks and stored in the database per second, gateway messages through the broker (counted
 *    from outside by a plain MQTT client), messages each instance handled (its
 *    `smartlock_gateway_messages_total` on /metrics where it reports one; otherwise every instance
 *    handles every message, as each subscribes to every gateway), the acknowledgement latency, each
 *    instance's CPU and memory. The knee: the last step where the stored rate follows the written
 *    one (>= 90 %) and the acknowledgement p99 stays within BENCH_ACK_P99_MS.
 * 2. API calls: the console's mix (as bench/load.bench.ts) with no pause, at increasing concurrency
 *    (BENCH_CONCURRENCY), to the knee: the last step within BENCH_API_P99_MS at p99, without
 *    errors, that still added 5 % of throughput.
 * 3. Live streams: BENCH_STREAMS `GET /api/live` streams opened on one instance (each session's,
 *    in turn), each until its `ready` event; the instance's resident memory before and after.
 * 4. Bytes per record: the run's records copied until the table holds BENCH_SIZE_RECORDS more,
 *    the table's and its indexes' growth per row.
 *
 * References measured in the same run: the bare broker's echo (bench/brokerEcho.ts: plain MQTT
 * clients moving the same signed commands and replies), raw SQL inserts of single records (as
 * records arrive), `/healthz` at the API knee's concurrency (HTTP and one database round trip on
 * the same instances), a bare Node process's memory, the table's heap alone. Every run checks that
 * the database holds exactly the records the locks wrote (none lost, none stored twice) and fails
 * otherwise. Rows kept: bench/results/capacity.json.
 *
 * Run (after `npm run build`, on a scratch database it may fill):
 *   psql -h 127.0.0.1 -U postgres -c "create database bench_capacity"
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_capacity MQTT_URL=mqtt://127.0.0.1:1883 \
 *     npm run bench -- capacity
 * Settings (defaults are the full scale): BENCH_INSTANCES (2), BENCH_GATEWAYS (100),
 * BENCH_SESSIONS (200), BENCH_STEP_SECONDS (20), BENCH_DOOR_RATES (25,50,100,200,400,800,1600),
 * BENCH_ACK_P99_MS (1000), BENCH_CONCURRENCY (4,8,16,32,64,128), BENCH_API_P99_MS (1000),
 * BENCH_STREAMS (1000), BENCH_SIZE_RECORDS (100000), BENCH_ECHO_COMMANDS (3000),
 * BENCH_REFERENCE_SECONDS (5).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LIVE_PATH } from '@smartlock/contract';
import type { Db } from '@smartlock/server/src/db/client';
import * as schema from '@smartlock/server/src/db/schema';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { brokerEcho } from './brokerEcho';
import { type BrokerTally, describeTally, fromGateways, messageCount, startBrokerMonitor } from './brokerMonitor';
import { clusterSettingsFromEnv, sleep, startCluster, withoutCredentials } from './cluster';
import {
  BENCH_PASSWORD,
  browseOnce,
  type ConsoleSession,
  insertAccount,
  pick,
  seedAccounts,
  signIn,
} from './consoleSessions';
import { metricsText, metricTotal } from './metricsText';
import { bareNodeResidentMb, commandCpuSeconds, cpuSeconds, residentMb, settledResidentMb } from './processStats';
import {
  checkRecords,
  describeCheck,
  drainRecords,
  type RecordFleet,
  startRecordFleet,
  storedRecords,
  total,
  writtenRecords,
} from './recordFleet';
import { type ResultRow, saveResults } from './results';
import { addLocks, percentile } from './support';

const list = (name: string, fallback: string) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
const settings = clusterSettingsFromEnv('capacity', 2);
if (!settings.mqttUrl) {
  console.error('The capacity benchmark counts messages at the broker: set MQTT_URL (e.g. mqtt://127.0.0.1:1883).');
  process.exit(2);
}
const MQTT_URL = settings.mqttUrl;
const INSTANCES = settings.instances;
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 100);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 20);
const DOOR_RATES = list('BENCH_DOOR_RATES', '25,50,100,200,400,800,1600');
const ACK_P99_MS = Number(process.env.BENCH_ACK_P99_MS ?? 1000);
const CONCURRENCY = list('BENCH_CONCURRENCY', '4,8,16,32,64,128');
const API_P99_MS = Number(process.env.BENCH_API_P99_MS ?? 1000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const SIZE_RECORDS = Number(process.env.BENCH_SIZE_RECORDS ?? 100_000);
const ECHO_COMMANDS = Number(process.env.BENCH_ECHO_COMMANDS ?? 3000);
const REFERENCE_SECONDS = Number(process.env.BENCH_REFERENCE_SECONDS ?? 5);
/** Stored records must follow written ones this closely for a step to count as sustained. */
const FOLLOW = 0.9;
/** A step of more concurrency must add this much throughput to count as more. */
const MORE = 1.05;
const METRICS_TOKEN = randomBytes(16).toString('hex');

const scale = `${INSTANCES} instance(s), ${GATEWAYS} gateways (one door each), ${SESSIONS} sessions, steps of ${STEP_SECONDS} s, door openings/s ${DOOR_RATES.join(',')} (ack p99 <= ${ACK_P99_MS} ms), concurrency ${CONCURRENCY.join(',')} (p99 <= ${API_P99_MS} ms), ${STREAMS} live streams, ${SIZE_RECORDS} records for the size`;
console.log(`capacity: ${scale}; PostgreSQL, broker ${withoutCredentials(MQTT_URL)}`);

// References that need nothing of the product: a bare Node process, the bare broker's echo.
const bareNodeMb = await bareNodeResidentMb();
const echo = await brokerEcho({
  url: MQTT_URL,
  gateways: Math.min(GATEWAYS, 100),
  firstGatewayId: 900_000_000 + Math.floor(Math.random() * 90_000_000),
  commands: ECHO_COMMANDS,
  inFlight: 200,
  answerTimeoutMs: 10_000,
});
/** Messages the broker moved per second in the echo: a command and a reply per round trip. */
const echoMessagesPerSecond = echo.perSecond * 2;
console.log(
  `reference: bare Node ${bareNodeMb.toFixed(0)} MB; broker echo ${echo.perSecond.toFixed(0)} round trips/s (${echoMessagesPerSecond.toFixed(0)} messages/s), ${echo.tally.answeredTotal} of ${ECHO_COMMANDS} answered`,
);

const cluster = await startCluster({ ...settings, env: { METRICS_TOKEN } });
const pids = cluster.instances.map((i) => i.child.pid as number);
console.log(`product: ${INSTANCES} instance(s) at ${cluster.api}`);

const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 4 });
const db = drizzle(pool, { schema }) as unknown as Db;
const run = randomBytes(3).toString('hex');
let seconds = performance.now();
const { accounts, passwordHash } = await seedAccounts(db, SESSIONS, 5, `capacity-${run}`);
const fleetAccount = `capacity-${run}-fleet@example.com`;
const fleetOwner = await insertAccount(db, fleetAccount, 'Capacity fleet', passwordHash);
const sessions = await signIn(cluster.api, accounts);
const records = await startRecordFleet({
  api: cluster.api,
  brokerUrl: cluster.brokerUrl,
  account: fleetAccount,
  password: BENCH_PASSWORD,
  gateways: GATEWAYS,
});
const monitor = await startBrokerMonitor(MQTT_URL);
console.log(
  `seeded ${SESSIONS} accounts (5 locks each) and signed them in, ${GATEWAYS} gateways registered and online, in ${since(seconds)} s`,
);

const restMb = await Promise.all(pids.map((pid) => settledResidentMb(pid)));
const firstMetrics = await metricsText(cluster.instances[0]?.port as number, METRICS_TOKEN);
const perInstanceCounter = metricTotal(firstMetrics, 'smartlock_gateway_messages_total') !== undefined;
console.log(
  `at rest: ${restMb.map((mb) => `${mb.toFixed(0)} MB`).join(' / ')} per instance; /metrics ${
    perInstanceCounter
      ? 'counts the gateway messages each instance handles (smartlock_gateway_messages_total)'
      : 'has no per-instance message counter: every instance handles every gateway message (each subscribes to all)'
  }`,
);

// What an instance spends doing nothing asked of it (timers, the operations' sweep), per second:
// taken off each step's CPU before it is divided by the work done.
const idleSeconds = 5;
const idle0 = pids.map(cpuSeconds);
const idleDatabase0 = commandCpuSeconds('postgres');
await sleep(idleSeconds * 1000);
const idleCpu = pids.map((pid, i) => (cpuSeconds(pid) - (idle0[i] ?? 0)) / idleSeconds);
/** PostgreSQL's CPU while the product idles: other work on the machine's database, taken off each step's. */
const idleDatabaseCpu = (commandCpuSeconds('postgres') - idleDatabase0) / idleSeconds;
console.log(
  `idle CPU per instance: ${idleCpu.map((c) => c.toFixed(3)).join(' / ')} of a core; PostgreSQL meanwhile ${idleDatabaseCpu.toFixed(2)}`,
);
/** CPU ms per unit of work: the CPU seconds beyond idle over `elapsed`, per item done. */
const cpuMsPer = (cpu: number, i: number, elapsed: number, done: number) =>
  (1000 * Math.max(0, cpu - (idleCpu[i] ?? 0) * elapsed)) / Math.max(1, done);

/** Per instance: CPU seconds, gateway messages handled (where counted), live messages received. */
interface InstanceMark {
  cpu: number;
  handled: number | undefined;
  live: number | undefined;
}
async function markInstances(): Promise<InstanceMark[]> {
  return Promise.all(
    cluster.instances.map(async (instance, i) => {
      const text = await metricsText(instance.port, METRICS_TOKEN);
      return {
        cpu: cpuSeconds(pids[i] as number),
        handled: metricTotal(text, 'smartlock_gateway_messages_total'),
        live: metricTotal(text, 'smartlock_live_messages_received_total'),
      };
    }),
  );
}

/** The most resident memory each instance reaches while `work` runs (read every 500 ms). */
async function watchingMemory<T>(peak: number[], work: () => Promise<T>): Promise<T> {
  let running = true;
  const watcher = (async () => {
    while (running) {
      pids.forEach((pid, i) => {
        peak[i] = Math.max(peak[i] ?? 0, residentMb(pid));
      });
      await sleep(500);
    }
  })();
  try {
    return await work();
  } finally {
    running = false;
    await watcher;
  }
}

// Phase 1: gateway messages at increasing rates of door openings.
interface RecordStep {
  rate: number;
  openings: number;
  seconds: number;
  writtenPerSecond: number;
  storedPerSecond: number;
  /** Gateway messages per second through the broker (status, replies, events). */
  messagesPerSecond: number;
  /** Per instance: gateway messages handled per second. */
  handledPerSecond: number[];
  /** Per instance: CPU seconds per second (1 = one core). */
  cpu: number[];
  cpuMsPerMessage: number[];
  benchCpu: number;
  /** PostgreSQL's and the broker's CPU seconds per second (all their processes, other work on the machine included). */
  databaseCpu: number;
  brokerCpu: number;
  ackP50: number;
  ackP99: number;
  tally: BrokerTally;
  drained: boolean;
  sustained: boolean;
}
const recordPeakMb: number[] = [];
const recordSteps: RecordStep[] = [];
const storedBefore = new Map<number, number>();
await watchingMemory(recordPeakMb, async () => {
  for (const rate of DOOR_RATES) {
    const step = await recordStep(rate);
    recordSteps.push(step);
    console.log(
      `  ${String(rate).padStart(5)} openings/s: written ${step.writtenPerSecond.toFixed(0)} records/s, stored ${step.storedPerSecond.toFixed(0)}/s; gateway messages ${step.messagesPerSecond.toFixed(0)}/s, handled per instance ${step.handledPerSecond.map((n) => n.toFixed(0)).join(' / ')}/s; ack p50 ${step.ackP50.toFixed(0)} ms p99 ${step.ackP99.toFixed(0)} ms; CPU per instance ${step.cpu.map((c) => c.toFixed(2)).join(' / ')} (${step.cpuMsPerMessage.map((c) => c.toFixed(2)).join(' / ')} ms a message), load generator ${step.benchCpu.toFixed(2)}, PostgreSQL ${step.databaseCpu.toFixed(2)}, broker ${step.brokerCpu.toFixed(2)}; ${step.sustained ? 'sustained' : 'NOT sustained'}${step.drained ? '' : ' (backlog not drained)'}`,
    );
    console.log(`      broker: ${describeTally(step.tally)}`);
    console.log(`      per door opening: ${perOpening(step)}`);
    if (!step.sustained) break;
  }
});
const drained = await drainRecords(records);
const recordCheck = await checkRecords(db, records, storedBefore);
console.log(`records: ${describeCheck(recordCheck)}${drained ? '' : ' (the fleet did not drain in 60 s)'}`);
const recordKnee = [...recordSteps].reverse().find((s) => s.sustained);

async function recordStep(rate: number): Promise<RecordStep> {
  const lockIds = records.locks.map((l) => l.lockId);
  const written0 = total(writtenRecords(records));
  const stored0 = total((await storedRecords(db, lockIds)).stored);
  const marks0 = await markInstances();
  const bench0 = process.cpuUsage();
  const database0 = commandCpuSeconds('postgres');
  const broker0 = commandCpuSeconds('mosquitto');
  monitor.take();
  const began = performance.now();
  const openings = await openDoors(records, rate, STEP_SECONDS);
  const elapsed = (performance.now() - began) / 1000;
  const tally = monitor.take();
  const benchUsage = process.cpuUsage(bench0);
  const databaseCpu = (commandCpuSeconds('postgres') - database0) / elapsed;
  const brokerCpu = (commandCpuSeconds('mosquitto') - broker0) / elapsed;
  const marks1 = await markInstances();
  const stored1 = total((await storedRecords(db, lockIds)).stored);
  const written1 = total(writtenRecords(records));
  // Between steps the backlog drains (unsent records acknowledged), so each step starts level.
  const deadline = performance.now() + 30_000;
  while (records.fleet.unsentRecordCount() > 0 && performance.now() < deadline) await sleep(200);
  const drainedNow = records.fleet.unsentRecordCount() === 0;
  const gatewayMessages = messageCount(tally, fromGateways);
  const handled = marks1.map((m, i) => {
    const before = marks0[i]?.handled;
    return m.handled !== undefined && before !== undefined ? m.handled - before : gatewayMessages;
  });
  const cpu = marks1.map((m, i) => m.cpu - (marks0[i]?.cpu ?? 0));
  const acks = [...tally.ackMs].sort((a, b) => a - b);
  const writtenPerSecond = (written1 - written0) / elapsed;
  const storedPerSecond = (stored1 - stored0) / elapsed;
  const ackP99 = acks.length ? percentile(acks, 99) : Number.POSITIVE_INFINITY;
  return {
    rate,
    openings,
    seconds: elapsed,
    writtenPerSecond,
    storedPerSecond,
    messagesPerSecond: gatewayMessages / elapsed,
    handledPerSecond: handled.map((n) => n / elapsed),
    cpu: cpu.map((c) => c / elapsed),
    cpuMsPerMessage: cpu.map((c, i) => cpuMsPer(c, i, elapsed, handled[i] ?? 0)),
    benchCpu: (benchUsage.user + benchUsage.system) / 1e6 / elapsed,
    databaseCpu,
    brokerCpu,
    ackP50: acks.length ? percentile(acks, 50) : Number.NaN,
    ackP99,
    tally,
    drained: drainedNow,
    sustained:
      drainedNow && written1 > written0 && storedPerSecond >= FOLLOW * writtenPerSecond && ackP99 <= ACK_P99_MS,
  };
}

/**
 * People open random doors at `rate` openings a second for `seconds` (each with the app or a
 * passcode, so the door logs a record, opens, and locks itself again later: a second record).
 */
async function openDoors(fleet: RecordFleet, rate: number, seconds: number): Promise<number> {
  const doors = fleet.fleet.allLocks;
  const began = performance.now();
  let opened = 0;
  for (;;) {
    const elapsed = (performance.now() - began) / 1000;
    if (elapsed >= seconds) return opened;
    for (const due = Math.floor(rate * elapsed); opened < due; opened++) {
      const door = pick(doors);
      if (opened % 2 === 0) door.localUnlock({ method: 'app', username: `guest${opened % 500}@example.com` });
      else door.localUnlock({ method: 'passcode', credential: String(100_000 + (opened % 900_000)) });
    }
    await sleep(20);
  }
}

// The reference for stored records: raw SQL inserts of one record each (as records arrive, one
// door's batch at a time), as many at once as there are gateways (at most 64), a pool of the
// product's size per instance.
const [referenceLock] = (await addLocks(db, fleetOwner, 1, `${run.slice(0, 2)}:FF:FF`.toUpperCase())) as [number];
const referencePool = new pg.Pool({ connectionString: settings.databaseUrl, max: 10 * INSTANCES });
let inserted = 0;
seconds = performance.now();
await Promise.all(
  Array.from({ length: Math.min(GATEWAYS, 64) }, async () => {
    while (performance.now() - seconds < REFERENCE_SECONDS * 1000) {
      const n = inserted++;
      await referencePool.query(
        `insert into lock_records (lock_id, device_record_id, record_type, success, username, credential, person, lock_date, server_date)
         values ($1, $2, 7, 1, $3, '', $3, now(), now()) on conflict (lock_id, device_record_id) do nothing returning *`,
        [referenceLock, `r${n}`, `guest${n % 500}@example.com`],
      );
    }
  }),
);
const sqlInsertsPerSecond = inserted / ((performance.now() - seconds) / 1000);
await referencePool.end();
console.log(`reference: raw SQL, one record per insert: ${sqlInsertsPerSecond.toFixed(0)} records/s`);

// Phase 2: the console's calls at increasing concurrency.
interface ApiStep {
  concurrency: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: string[];
  /** Per instance: calls served per second, CPU seconds per second, CPU ms per call. */
  served: number[];
  cpu: number[];
  cpuMsPerCall: number[];
  benchCpu: number;
  within: boolean;
}
async function apiStep(
  concurrency: number,
  stepSeconds: number,
  one: (session: ConsoleSession) => Promise<{ error?: string }>,
): Promise<ApiStep> {
  const served0 = cluster.balancer ? [...cluster.balancer.served] : [0];
  const marks0 = pids.map(cpuSeconds);
  const bench0 = process.cpuUsage();
  const times: number[] = [];
  const errors: string[] = [];
  const began = performance.now();
  const until = began + stepSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const session = sessions[w % sessions.length] as ConsoleSession;
      while (performance.now() < until) {
        const t0 = performance.now();
        const { error } = await one(session);
        if (error) errors.push(error);
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const benchUsage = process.cpuUsage(bench0);
  times.sort((a, b) => a - b);
  const served = cluster.balancer ? cluster.balancer.served.map((n, i) => n - (served0[i] ?? 0)) : [times.length];
  const cpu = pids.map((pid, i) => cpuSeconds(pid) - (marks0[i] ?? 0));
  const p99 = percentile(times, 99);
  return {
    concurrency,
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p99,
    errors,
    served: served.map((n) => n / elapsed),
    cpu: cpu.map((c) => c / elapsed),
    cpuMsPerCall: cpu.map((c, i) => cpuMsPer(c, i, elapsed, served[i] ?? 0)),
    benchCpu: (benchUsage.user + benchUsage.system) / 1e6 / elapsed,
    within: errors.length === 0 && p99 <= API_P99_MS,
  };
}
const browse = (session: ConsoleSession) => browseOnce(cluster.api, session);
const apiPeakMb: number[] = [];
const apiSteps: ApiStep[] = [];
let apiErrors: string[] = [];
await watchingMemory(apiPeakMb, async () => {
  // Warm-up, not counted: code compiled, connections and caches filled.
  apiErrors = (await apiStep(CONCURRENCY[0] ?? 4, Math.min(5, STEP_SECONDS), browse)).errors;
  for (const concurrency of CONCURRENCY) {
    const step = await apiStep(concurrency, STEP_SECONDS, browse);
    apiSteps.push(step);
    apiErrors.push(...step.errors);
    const best = Math.max(0, ...apiSteps.slice(0, -1).map((s) => s.perSecond));
    console.log(
      `  concurrency ${String(concurrency).padStart(4)}: ${step.perSecond.toFixed(0)} calls/s (per instance ${step.served.map((n) => n.toFixed(0)).join(' / ')}), p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, errors ${step.errors.length}; CPU per instance ${step.cpu.map((c) => c.toFixed(2)).join(' / ')} (${step.cpuMsPerCall.map((c) => c.toFixed(2)).join(' / ')} ms a call), load generator ${step.benchCpu.toFixed(2)}`,
    );
    if (!step.within || step.perSecond < MORE * best) break;
  }
});
const apiKnee = apiSteps
  .filter((s) => s.within)
  .reduce<ApiStep | undefined>((best, s) => (!best || s.perSecond > best.perSecond ? s : best), undefined);
const health = await apiStep(apiKnee?.concurrency ?? CONCURRENCY[0] ?? 4, REFERENCE_SECONDS, async () => {
  const response = await fetch(`${cluster.api}/healthz`);
  await response.arrayBuffer();
  return response.status === 200 ? {} : { error: `healthz ${response.status}` };
});
console.log(
  `reference: /healthz at concurrency ${health.concurrency}: ${health.perSecond.toFixed(0)} calls/s, p99 ${health.p99.toFixed(1)} ms`,
);

// Phase 3: live streams held by one instance.
const streamInstance = cluster.instances[0] as (typeof cluster.instances)[number];
const streamPid = pids[0] as number;
const beforeStreamsMb = await settledResidentMb(streamPid);
const streams: AbortController[] = [];
let ready = 0;
seconds = performance.now();
for (let start = 0; start < STREAMS; start += 100) {
  await Promise.all(
    Array.from({ length: Math.min(100, STREAMS - start) }, async (_, k) => {
      const session = sessions[(start + k) % sessions.length] as ConsoleSession;
      const abort = new AbortController();
      streams.push(abort);
      const response = await fetch(`http://127.0.0.1:${streamInstance.port}${LIVE_PATH}`, {
        headers: { cookie: `ACCESS_TOKEN=${session.cookie}` },
        signal: abort.signal,
      });
      if (response.status !== 200 || !response.body) return;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('event: ready')) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
      ready++;
      // Keep reading (keep-alives, events) so the stream never backs up, until it is aborted.
      void (async () => {
        try {
          while (!(await reader.read()).done) {}
        } catch {}
      })();
    }),
  );
}
const openSeconds = since(seconds);
const liveAccounts = metricTotal(await metricsText(streamInstance.port, METRICS_TOKEN), 'smartlock_live_accounts');
const withStreamsMb = await settledResidentMb(streamPid);
const kbPerStream = ((withStreamsMb - beforeStreamsMb) * 1024) / Math.max(1, ready);
const distinctAccounts = Math.min(STREAMS, sessions.length);
console.log(
  `live streams: ${ready} of ${STREAMS} open and ready on one instance (${distinctAccounts} accounts) in ${openSeconds} s; resident ${beforeStreamsMb.toFixed(0)} -> ${withStreamsMb.toFixed(0)} MB: ${kbPerStream.toFixed(1)} KB a stream${liveAccounts === undefined ? '' : `; the instance follows ${liveAccounts} accounts' live topics`}`,
);
for (const abort of streams) abort.abort();

// Phase 4: bytes per record, the run's own records copied until the table holds SIZE_RECORDS more.
const size = await bytesPerRecord(
  records.locks.map((l) => l.lockId),
  SIZE_RECORDS,
);
console.log(
  `bytes per record (${size.rows} rows added): ${size.total.toFixed(0)} in all, of it ${size.heap.toFixed(0)} the table and ${size.indexes.toFixed(0)} its indexes (${size.perIndex.map(([name, bytes]) => `${name} ${bytes.toFixed(0)}`).join(', ')})`,
);

/** The growth of lock_records (every partition, indexes, TOAST) per row as `rows` copies of the run's records go in. */
async function bytesPerRecord(lockIds: number[], rows: number) {
  const sizes = async () => {
    const result = (await pool.query(
      `select coalesce(sum(pg_total_relation_size(relid)), 0)::float8 as total,
              coalesce(sum(pg_table_size(relid)), 0)::float8 as heap,
              coalesce(sum(pg_indexes_size(relid)), 0)::float8 as indexes,
              (select count(*) from lock_records)::float8 as rows
       from (select relid from pg_partition_tree('lock_records') union select 'lock_records'::regclass) parts`,
    )) as { rows: { total: number; heap: number; indexes: number; rows: number }[] };
    return result.rows[0] as { total: number; heap: number; indexes: number; rows: number };
  };
  const source = Number(
    (await pool.query('select count(*)::int as n from lock_records where lock_id = any($1)', [lockIds])).rows[0]?.n,
  );
  const indexSizes = async () => {
    const result = await pool.query(
      `select i.indexrelid::regclass::text as name, pg_relation_size(i.indexrelid)::float8 as bytes
       from pg_index i
       where i.indrelid in (select relid from pg_partition_tree('lock_records') union select 'lock_records'::regclass)`,
    );
    return new Map(result.rows.map((r: { name: string; bytes: number }) => [r.name, Number(r.bytes)]));
  };
  const before = await sizes();
  const indexesBefore = await indexSizes();
  const copies = Math.ceil(rows / Math.max(1, source));
  await pool.query(
    `insert into lock_records (lock_id, device_record_id, record_type, success, username, credential, person, lock_date,
       server_date, battery, credential_kind, credential_id, city_id)
     select lock_id, device_record_id || '.' || g, record_type, success, username, credential, person,
       lock_date - g * interval '1 minute', server_date - g * interval '1 minute', battery, credential_kind, credential_id, city_id
     from lock_records, generate_series(1, $2) g where lock_id = any($1)`,
    [lockIds, copies],
  );
  await pool.query('vacuum analyze lock_records');
  const after = await sizes();
  const added = after.rows - before.rows;
  const perIndex = [...(await indexSizes())]
    .map(([name, bytes]) => [name, (bytes - (indexesBefore.get(name) ?? 0)) / added] as const)
    .sort((a, b) => b[1] - a[1]);
  return {
    perIndex,
    rows: added,
    total: (after.total - before.total) / added,
    heap: (after.heap - before.heap) / added,
    indexes: (after.indexes - before.indexes) / added,
  };
}

// The figures, each beside its reference.
const perInstance = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const kneeMessages = recordKnee ? Math.max(...recordKnee.handledPerSecond) : 0;
const kneeApi = apiKnee ? perInstance(apiKnee.served) : 0;
const healthPerInstance = perInstance(health.served);
const peakMb = pids.map((_, i) => Math.max(recordPeakMb[i] ?? 0, apiPeakMb[i] ?? 0));
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const rows: ResultRow[] = [
  {
    figure: `gateway messages/s one instance handled at the knee (${recordKnee ? `${recordKnee.rate} door openings/s` : 'none sustained'}, ${INSTANCES} instances)`,
    ours: fmt(kneeMessages),
    reference: `${fmt(echoMessagesPerSecond)} (bare broker echo, messages/s)`,
    ratio: kneeMessages / echoMessagesPerSecond,
    goal: `stored >= ${FOLLOW * 100} % of written, ack p99 <= ${ACK_P99_MS} ms`,
    met: recordKnee !== undefined,
  },
  {
    figure: 'records stored/s at the knee (all instances)',
    ours: fmt(recordKnee?.storedPerSecond ?? 0),
    reference: `${fmt(sqlInsertsPerSecond)} (raw SQL, one record per insert)`,
    ratio: (recordKnee?.storedPerSecond ?? 0) / sqlInsertsPerSecond,
    goal: 'measured',
    met: recordKnee !== undefined,
  },
  {
    figure: 'acknowledgement p50 / p99 at the knee (ms)',
    ours: `${fmt(recordKnee?.ackP50 ?? Number.NaN)} / ${fmt(recordKnee?.ackP99 ?? Number.NaN)}`,
    reference: `${ACK_P99_MS} (bound)`,
    goal: `p99 <= ${ACK_P99_MS} ms`,
    met: recordKnee !== undefined,
  },
  {
    figure: 'per door opening at the knee: records, gateway messages, acks',
    ours: recordKnee ? perOpening(recordKnee) : '-',
    reference: '-',
    goal: 'measured',
    met: recordKnee !== undefined,
  },
  {
    figure: 'instance CPU per gateway message at the knee (ms)',
    ours: recordKnee ? recordKnee.cpuMsPerMessage.map((c) => c.toFixed(2)).join(' / ') : '-',
    reference: '-',
    goal: 'measured',
    met: recordKnee !== undefined,
  },
  {
    figure: 'PostgreSQL CPU per stored record at the knee (ms; all its processes)',
    ours: recordKnee
      ? fmt((1000 * Math.max(0, recordKnee.databaseCpu - idleDatabaseCpu)) / Math.max(1, recordKnee.storedPerSecond), 2)
      : '-',
    reference: `${fmt(idleDatabaseCpu, 2)} cores while the product idled, taken off`,
    goal: 'measured',
    met: recordKnee !== undefined,
  },
  {
    figure: `API calls/s per instance at the knee (console mix, concurrency ${apiKnee?.concurrency ?? '-'})`,
    ours: fmt(kneeApi),
    reference: `${fmt(healthPerInstance)} (/healthz per instance, same concurrency)`,
    ratio: kneeApi / healthPerInstance,
    goal: `p99 <= ${API_P99_MS} ms, no error`,
    met: apiKnee !== undefined && apiErrors.length === 0,
  },
  {
    figure: 'API p50 / p99 at the knee (ms)',
    ours: `${fmt(apiKnee?.p50 ?? Number.NaN, 1)} / ${fmt(apiKnee?.p99 ?? Number.NaN, 1)}`,
    reference: `${fmt(health.p50, 1)} / ${fmt(health.p99, 1)} (/healthz)`,
    goal: `p99 <= ${API_P99_MS} ms`,
    met: apiKnee !== undefined,
  },
  {
    figure: 'instance CPU per API call at the knee (ms)',
    ours: apiKnee ? apiKnee.cpuMsPerCall.map((c) => c.toFixed(2)).join(' / ') : '-',
    reference: `${health.cpuMsPerCall.map((c) => c.toFixed(2)).join(' / ')} (/healthz)`,
    goal: 'measured',
    met: apiKnee !== undefined,
  },
  {
    figure: `live streams held by one instance (${distinctAccounts} accounts)`,
    ours: `${ready} of ${STREAMS}`,
    reference: String(STREAMS),
    goal: 'every stream ready',
    met: ready === STREAMS,
  },
  {
    figure: 'resident memory per live stream (KB)',
    ours: fmt(kbPerStream, 1),
    reference: `${fmt(beforeStreamsMb)} MB before, ${fmt(withStreamsMb)} MB with them`,
    goal: 'measured',
    met: true,
  },
  {
    figure: 'resident memory per instance at rest (MB)',
    ours: restMb.map((mb) => mb.toFixed(0)).join(' / '),
    reference: `${fmt(bareNodeMb)} (bare Node)`,
    ratio: perInstance(restMb) / bareNodeMb,
    goal: 'measured',
    met: true,
  },
  {
    figure: 'resident memory per instance under load, peak (MB)',
    ours: peakMb.map((mb) => mb.toFixed(0)).join(' / '),
    reference: `${restMb.map((mb) => mb.toFixed(0)).join(' / ')} (at rest)`,
    ratio: perInstance(peakMb) / perInstance(restMb),
    goal: 'measured',
    met: true,
  },
  {
    figure: 'bytes per record in PostgreSQL (table + indexes)',
    ours: fmt(size.total),
    reference: `${fmt(size.heap)} (the table alone)`,
    ratio: size.total / size.heap,
    goal: 'measured',
    met: true,
  },
  {
    figure: 'records lost or stored twice',
    ours: String(recordCheck.missing + recordCheck.extra),
    reference: `${recordCheck.written} written`,
    goal: '0',
    met: recordCheck.ok,
  },
];
console.log(`\n| figure | ours | reference | ratio |\n| --- | ---: | ---: | ---: |`);
for (const row of rows) {
  console.log(
    `| ${row.figure} | ${row.ours} | ${row.reference} | ${row.ratio === undefined ? '' : row.ratio.toFixed(2)} |`,
  );
}
console.log(`\nscale: ${scale}`);
saveResults('capacity', rows);

const ok = recordCheck.ok && drained && apiErrors.length === 0 && ready === STREAMS;
if (apiErrors.length)
  console.log(`API errors: ${[...new Set(apiErrors)].slice(0, 5).join('; ')} (${apiErrors.length})`);
console.log(
  ok ? 'capacity: ok (no record lost or stored twice, no API error, every stream ready)' : 'capacity: FAILED',
);

await monitor.close();
await records.fleet.stop();
await cluster.stop();
await pool.end();
process.exit(ok ? 0 : 1);

/** What one door opening cost in messages (records, events, acknowledgements), as the broker saw them. */
function perOpening(step: RecordStep): string {
  const per = (n: number) => (n / Math.max(1, step.openings)).toFixed(2);
  const kind = (k: string) => step.tally.byKind.get(k) ?? 0;
  return `${per(step.tally.records)} records, ${per(kind('event:records'))} records events, ${per(kind('event:state'))} state events, ${per(kind('ack'))} acks, ${per(messageCount(step.tally, fromGateways))} gateway messages in all`;
}

function since(start: number): string {
  return ((performance.now() - start) / 1000).toFixed(1);
}
