/**
 * Remote operations through the device link: the real server (in process, PGlite in memory or
 * PostgreSQL with DATABASE_URL), its embedded MQTT broker (or the external one MQTT_URL or
 * TEST_MQTT_URL names, e.g. Mosquitto), and 100 simulated gateways (one lock each) connected over
 * TCP. Figures:
 * - remote-unlock round trip (API call to the operation's success arriving on the live channel),
 *   sequential, p50 / p99; budget p50 < 50 ms, p99 < 200 ms with no Bluetooth delay;
 * - commands per second: 200 operations kept in flight across all 100 gateways, each an API
 *   call, a signed command through the broker, the gateway's signed reply and the live message;
 *   budget 100 commands/s with the server, the broker, the gateways and the client sharing one
 *   Node.js thread. Every command is counted (commandTally.ts): sent once, run once by its
 *   gateway, answered once on the live channel; the run fails otherwise;
 * - the reference, in the same run: the same broker echoing the same messages between plain MQTT
 *   clients, 100 gateways, the same in-flight window (brokerEcho.ts), just before and just after
 *   the product's run (their mean); and the ratio of the two, goal at least 0.3.
 * Run: npm run bench -w @smartlock/bench -- remote
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/test MQTT_URL=mqtt://127.0.0.1:1883 \
 *      npm run bench -w @smartlock/bench -- remote
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type CallDefinition, lock, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { ApiClient, HttpRegistrar, startFleet } from '@smartlock/devices';
import { buildApp } from '@smartlock/server/src/app';
import { testConfig } from '@smartlock/server/src/config';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { brokerEcho } from './brokerEcho';
import { CommandTally } from './commandTally';
import { saveResults } from './results';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 100);
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 300);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 3000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 200);
const MQTT_URL = process.env.MQTT_URL || process.env.TEST_MQTT_URL || undefined;
/** The echo's gateway ids on an external broker: far from any the product's database hands out. */
const ECHO_FIRST_GATEWAY_ID = 900_000_001;
/** A command not answered by then is counted lost (the server ends operations after 30 s). */
const ANSWER_TIMEOUT_MS = 60_000;
const RATIO_GOAL = 0.3;
const ACCOUNT = 'bench-fleet@example.com';
const PASSWORD = 'Bench#2026x';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

// The reference: the same broker echoing the same messages between plain MQTT clients, before
// the server starts (on a shared broker it would hear the echo's replies) and after it stopped:
// the machine's load moves, the two bracket the product's run.
const echoOptions = {
  url: MQTT_URL,
  gateways: GATEWAYS,
  firstGatewayId: ECHO_FIRST_GATEWAY_ID,
  commands: COMMANDS,
  inFlight: IN_FLIGHT,
  answerTimeoutMs: ANSWER_TIMEOUT_MS,
};
const echoBefore = await brokerEcho(echoOptions);

const app = await buildApp(
  testConfig({
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    LOG_LEVEL: 'silent',
    REMOTE_OPERATION_SECONDS: 30,
    ...(MQTT_URL ? { MQTT_URL } : {}),
    // A group of its own: no other run's instances on the broker take this run's gateway events.
    MQTT_SHARE_GROUP: `bench-remote-${process.pid}`,
  }),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const userId = await ensureDemoAccount(
  app.services.database.db,
  ACCOUNT,
  PASSWORD,
  app.services.brands.default.packageName,
);

// Operation ends as the console hears them: on the live channel. During the throughput run
// every end is counted (`tally`), so one heard twice shows.
const ends = new Map<string, (operation: RemoteOperation) => void>();
const early = new Map<string, RemoteOperation>();
let tally: CommandTally | undefined;
app.services.live.add({
  userId,
  send(type, data) {
    if (type !== 'operation') return;
    const operation = data as RemoteOperation;
    if (operation.state === RemoteOperationState.operating || operation.state === RemoteOperationState.wait) return;
    tally?.answered(operation.operationId);
    const resolve = ends.get(operation.operationId);
    if (resolve) resolve(operation);
    else early.set(operation.operationId, operation);
  },
  close() {},
});

const client = new ApiClient(api);
await client.login(ACCOUNT, PASSWORD);
const registered = performance.now();
const fleet = await startFleet({
  mqttUrl: MQTT_URL ?? `mqtt://127.0.0.1:${app.services.devices.broker?.port}`,
  registrar: new HttpRegistrar(client),
  gateways: GATEWAYS,
  locksPerGateway: 1,
  kinds: ['door'],
  bluetoothLatencyMs: 0,
  onlineTimeoutMs: 120_000,
});
const lockIds = fleet.layout().flatMap((g) => g.locks.map((l) => l.lockId));
console.log(
  `fleet: ${GATEWAYS} gateways, ${lockIds.length} locks registered and online in ${((performance.now() - registered) / 1000).toFixed(1)} s (broker: ${MQTT_URL ?? 'embedded'}, database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
);
// What each gateway ran, for the count.
for (const gateway of fleet.allGateways) {
  gateway.on('command', (report) => {
    if (report.outcome === 'ran') tally?.ran(report.id);
  });
}

async function operation(call: CallDefinition, lockId: number): Promise<RemoteOperation> {
  const started = (await client.call(call, { lockId } as never)) as RemoteOperation;
  tally?.sent(started.operationId);
  const already = early.get(started.operationId);
  if (already) {
    early.delete(started.operationId);
    return already;
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ends.delete(started.operationId);
      reject(new Error(`operation ${started.operationId} not answered in ${ANSWER_TIMEOUT_MS / 1000} s`));
    }, ANSWER_TIMEOUT_MS);
    ends.set(started.operationId, (ended) => {
      clearTimeout(timer);
      ends.delete(started.operationId);
      resolve(ended);
    });
  });
}

// Round trip, one at a time, spread over the locks.
const times: number[] = [];
let failed = 0;
for (let i = 0; i < ROUND_TRIPS; i++) {
  const lockId = lockIds[i % lockIds.length] as number;
  const t0 = performance.now();
  const ended = await operation(i % 2 === 0 ? lock.unlock : lock.lockBolt, lockId);
  times.push(performance.now() - t0);
  if (ended.state !== RemoteOperationState.success) failed++;
}
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const p99 = percentile(times, 99);
console.log(
  `remote unlock round trip (${ROUND_TRIPS} sequential): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms, failed ${failed} — ${p50 < 50 && p99 < 200 && failed === 0 ? 'within budget' : 'OVER BUDGET'} (p50 < 50 ms, p99 < 200 ms)`,
);

// Throughput: IN_FLIGHT operations kept in flight across every gateway until COMMANDS ended.
const counted = new CommandTally();
tally = counted;
const t0 = performance.now();
let next = 0;
let ok = 0;
let unanswered = 0;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < COMMANDS) {
      const i = next++;
      const ended = await operation(lock.queryState, lockIds[i % lockIds.length] as number).catch(() => undefined);
      if (!ended) unanswered++;
      else if (ended.state === RemoteOperationState.success) ok++;
    }
  }),
);
const seconds = (performance.now() - t0) / 1000;
tally = undefined;
const ours = ok / seconds;
console.log(
  `commands through the broker: ${COMMANDS} (${IN_FLIGHT} in flight over ${lockIds.length} gateways), ${ok} succeeded in ${seconds.toFixed(2)} s = ${ours.toFixed(0)} commands/s — ${ours >= 100 && ok === COMMANDS ? 'within budget' : 'OVER BUDGET'} (100 commands/s)`,
);
console.log(`  count: ${counted.summary()}${unanswered ? ` (${unanswered} waits timed out)` : ''}`);

await fleet.stop();
await app.close();

const echoAfter = await brokerEcho(echoOptions);
const echoRate = (echoBefore.perSecond + echoAfter.perSecond) / 2;
const ratio = ours / echoRate;
console.log(
  `broker echo (reference, ${MQTT_URL ? 'external broker' : 'embedded broker'}): ${COMMANDS} signed commands and replies (${IN_FLIGHT} in flight over ${GATEWAYS} plain MQTT gateways), before our run ${echoBefore.perSecond.toFixed(0)}, after it ${echoAfter.perSecond.toFixed(0)}: ${echoRate.toFixed(0)} round trips/s`,
);
console.log(`  count: before ${echoBefore.tally.summary()}; after ${echoAfter.tally.summary()}`);
console.log(
  `ours / echo: ${ours.toFixed(0)} / ${echoRate.toFixed(0)} = ${ratio.toFixed(2)} — ${ratio >= RATIO_GOAL ? 'goal met' : 'BELOW GOAL'} (at least ${RATIO_GOAL})`,
);

const problems = [
  ...counted.problems().map((p) => `product: ${p}`),
  ...(ok === COMMANDS ? [] : [`product: ${COMMANDS - ok} commands did not succeed`]),
  ...echoBefore.tally.problems().map((p) => `echo before: ${p}`),
  ...echoAfter.tally.problems().map((p) => `echo after: ${p}`),
];
saveResults('remote', [
  {
    figure: 'remote commands through the broker, per second',
    ours: `${ours.toFixed(0)}/s`,
    reference: `${echoRate.toFixed(0)}/s (broker echo)`,
    ratio,
    goal: `ratio >= ${RATIO_GOAL}`,
    met: ratio >= RATIO_GOAL,
  },
  {
    figure: `commands lost, run twice or answered twice (of ${COMMANDS})`,
    ours: String(problems.length),
    reference: '0',
    goal: '0',
    met: problems.length === 0,
  },
]);
if (problems.length) {
  console.error(`COMMANDS LOST OR DUPLICATED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
