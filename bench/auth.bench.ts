/**
 * Signed-call overhead and session throughput, in process (PGlite in memory, or PostgreSQL with
 * DATABASE_URL). Budget: a signed, session-checked getInfo at p50 under 5 ms and p99 under 15 ms.
 * Run: npm run bench -w @smartlock/bench -- auth
 */
import { performance } from 'node:perf_hooks';
import { canonicalString, user, ValidationCodeType } from '@smartlock/contract';
import { buildApp } from '@smartlock/server/src/app';
import { testConfig } from '@smartlock/server/src/config';
import { hmacHex } from '@smartlock/server/src/security/crypto';
import { BENCH_CONSOLE_SECRET, percentile, signedBody } from './support';

const SECRET = BENCH_CONSOLE_SECRET;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);

const app = await buildApp(
  testConfig({ CONSOLE_APP_SECRET: SECRET, DATABASE_URL: process.env.DATABASE_URL || undefined, LOG_LEVEL: 'silent' }),
);
await app.ready();
const { db } = app.services.database;

// An account to log in with.
const account = 'bench@example.com';
const password = 'Bench#2026x';
await app.inject({
  method: 'POST',
  url: '/api/user/sendValidationCode',
  payload: new URLSearchParams(
    await signedBody(user.sendValidationCode.path, { account, type: String(ValidationCodeType.register) }),
  ).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const { outbox } = await import('@smartlock/server/src/db/schema');
const [mail] = await db.select().from(outbox);
const code = mail?.body.match(/\b\d{6}\b/)?.[0] ?? '';
await app.inject({
  method: 'POST',
  url: '/api/user/register',
  payload: new URLSearchParams(
    await signedBody(user.register.path, { account, password, validationCode: code, agreement: '1' }),
  ).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const loginTimes: number[] = [];
let cookie = '';
for (let i = 0; i < 20; i++) {
  const start = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: new URLSearchParams(await signedBody(user.login.path, { account, password })).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  loginTimes.push(performance.now() - start);
  cookie = response.cookies.find((c) => c.name === 'ACCESS_TOKEN')?.value ?? cookie;
}

const signStart = performance.now();
for (let i = 0; i < 20_000; i++) {
  hmacHex(
    SECRET,
    canonicalString('/user/getInfo', { appId: 'smartlock-console', timestamp: String(i), lang: 'en_US' }),
  );
}
const verifiesPerSecond = 20_000 / ((performance.now() - signStart) / 1000);

const times: number[] = [];
const wall = performance.now();
for (let i = 0; i < ITERATIONS; i++) {
  const query = new URLSearchParams(await signedBody(user.getInfo.path, { lang: 'en_US' })).toString();
  const start = performance.now();
  const response = await app.inject({
    method: 'GET',
    url: `/api/user/getInfo?${query}`,
    headers: { cookie: `ACCESS_TOKEN=${cookie}` },
  });
  times.push(performance.now() - start);
  if (response.json().errorCode !== 0) throw new Error(`getInfo failed: ${response.body}`);
}
const elapsed = (performance.now() - wall) / 1000;
times.sort((a, b) => a - b);
loginTimes.sort((a, b) => a - b);

console.log(`engine: ${app.services.database.engine}`);
console.log(`signature verifications: ${Math.round(verifiesPerSecond)} per second`);
console.log(
  `login (argon2id): p50 ${percentile(loginTimes, 50).toFixed(1)} ms, p99 ${percentile(loginTimes, 99).toFixed(1)} ms`,
);
console.log(
  `signed getInfo: ${ITERATIONS} calls, ${Math.round(ITERATIONS / elapsed)} per second, p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms (budget p50 < 5 ms, p99 < 15 ms)`,
);
await app.close();
