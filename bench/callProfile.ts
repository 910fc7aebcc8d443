/**
 * Where a cheap call's time goes: the product in process on a scratch PostgreSQL database, one lock
 * with 5,000 passcodes, its first page (`/passcode/list`, SQL well under a millisecond) called over
 * HTTP with the session cookie, 32 at a time, under the CPU profiler. Prints the calls per second and
 * the process's self time by bucket (the server's pipeline, the ORM, the driver, HTTP, the load
 * generator's own fetch and signing, garbage collection...) and the busiest functions.
 * Not a *.bench.ts (it holds no budget). Run:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/callProfile.ts
 * Settings: BENCH_CALLS (3000 profiled), BENCH_WARMUP (500), BENCH_CONCURRENCY (32),
 * BENCH_DATABASE (scratch database, bench_call_profile), PROFILE_OUT (write the .cpuprofile there);
 * PROFILE_IN=<file.cpuprofile> prints the summary of a profile written before (BENCH_CALLS as it ran).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PasscodeStatus, PasscodeType, passcode } from '@smartlock/contract';
import { passcodes } from '@smartlock/server/src/db/schema';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { scratchApp } from './scratchApp';
import { measure } from './sideBySide';
import { addLocks, httpCall, httpLogin } from './support';

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PASSCODES = 5000;
const OWNER = 'bench-profile@example.com';
const PASSWORD = 'Bench#2026x';

/** Which part of the process a function belongs to, by its script. */
function bucketOf(url: string, name: string): string {
  if (!url) {
    if (name === '(idle)') return 'idle';
    if (name === '(garbage collector)') return 'garbage collection';
    if (name === '(program)') return 'V8 (compiling, runtime)';
    return 'built-ins (socket writes, JSON, RegExp, ...)';
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) {
    if (/^(fastify|find-my-way|avvio|light-my-request|fast-json-stringify|fast-querystring|@fastify\/.*)$/.test(pkg)) {
      return 'fastify';
    }
    if (/^(pino|sonic-boom|thread-stream|pino-std-serializers)$/.test(pkg)) return 'logging';
    if (pkg === 'drizzle-orm') return 'ORM (drizzle)';
    if (/^(pg|pg-protocol|pg-types|pg-pool|postgres-.*|pg-connection-string)$/.test(pkg)) return 'pg driver';
    if (pkg === 'zod') return 'zod';
    if (pkg === 'prom-client') return 'metrics';
    return `other packages (${pkg})`;
  }
  if (url.includes('/apps/server/src/')) return 'server code';
  if (url.includes('/packages/contract/')) return 'contract';
  if (/node:internal\/crypto|node:crypto/.test(url)) return 'node crypto';
  if (/node:(internal\/)?(http|_http|net|stream|internal\/streams|dns|tls|url|querystring|timers|events)/.test(url)) {
    return 'node HTTP, sockets, streams, timers';
  }
  if (url.startsWith('node:')) return 'node other';
  return 'other';
}

/** The load generator's own frames: the bench, its fetch (undici) and its request signing (Web Crypto). */
const GENERATOR = /\/bench\/|internal\/deps\/undici|\/contract\/src\/(client|hmac)/;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * The profile's self time by bucket: a sample whose stack passes through the load generator counts
 * as the load generator's, any other by the script of its function. Prints the table and the
 * server side's busiest functions.
 */
function summarize(profile: Profile, calls: number): void {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const generator = new Map<number, boolean>();
  const isGenerator = (id: number | undefined): boolean => {
    if (id === undefined) return false;
    let known = generator.get(id);
    if (known === undefined) {
      known = GENERATOR.test(nodes.get(id)?.callFrame.url ?? '') || isGenerator(parent.get(id));
      generator.set(id, known);
    }
    return known;
  };
  const byBucket = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const micros = deltas[i + 1] ?? 0;
    busy += micros;
    const bucket = isGenerator(id) ? 'load generator (fetch, signing)' : bucketOf(frame.url, frame.functionName);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + micros);
    if (bucket.startsWith('load generator')) continue;
    const short = frame.url.replace(/^.*\/(node_modules|apps|packages|bench)\//, '$1/');
    const key = `${frame.functionName || '(anonymous)'} ${short}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  }
  const perCall = (micros: number) => `${(micros / calls / 1000).toFixed(3)} ms`;
  console.log(`\nbusy ${(busy / 1e6).toFixed(1)} s of CPU for ${calls} calls (${perCall(busy)} a call), idle excluded`);
  console.log('| bucket | share of busy | CPU per call |\n| --- | ---: | ---: |');
  for (const [bucket, micros] of [...byBucket].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${bucket} | ${((100 * micros) / busy).toFixed(1)} % | ${perCall(micros)} |`);
  }
  console.log('\nbusiest functions outside the load generator (self time):');
  for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${name}`);
  }
}

if (process.env.PROFILE_IN) {
  summarize(JSON.parse(readFileSync(process.env.PROFILE_IN, 'utf8')) as Profile, CALLS);
  process.exit(0);
}

const { app, db, brand, reference } = await scratchApp('bench_call_profile', 'call-profile');
const owner = await ensureDemoAccount(db, OWNER, PASSWORD, brand);
const [lockId] = (await addLocks(db, owner, 1, 'BE:0F:00')) as [number];
for (let start = 0; start < PASSCODES; start += 1000) {
  await db.insert(passcodes).values(
    Array.from({ length: 1000 }, (_, k) => ({
      lockId,
      creatorId: owner,
      code: String(10_000_000 + (start + k) * 7),
      name: `Guest ${start + k}`,
      type: PasscodeType.permanent,
      status: PasscodeStatus.normal,
    })),
  );
}
await reference.query('vacuum analyze');
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await httpLogin(address, OWNER, PASSWORD);
const params = { lockId: String(lockId), pageSize: '20' };
const call = async () => {
  await httpCall(address, passcode.list, params, cookie);
};

await measure(call, WARMUP, CONCURRENCY);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 250 });
await session.post('Profiler.start');
const figures = await measure(call, CALLS, CONCURRENCY);
const { profile } = await session.post('Profiler.stop');
session.disconnect();
if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));

console.log(
  `passcode list, first page: ${figures.perSecond.toFixed(0)} calls/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`,
);
summarize(profile as Profile, CALLS);

await reference.end();
await app.close();
