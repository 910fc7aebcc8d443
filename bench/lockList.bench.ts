/**
 * The console's lock list for a large account: 10,000 locks in 200 groups, in process (PGlite in
 * memory, or PostgreSQL with DATABASE_URL). Figures: /lock/list latency (p50, p99) and calls per
 * second for the first page of all locks, one group, the ungrouped, and a name search, and
 * /group/list. Budget: p50 < 25 ms and p99 < 100 ms for each.
 * Run: npm run bench -w @smartlock/bench -- lockList
 */
import { performance } from 'node:perf_hooks';
import { GroupId, group, lock } from '@smartlock/contract';
import { buildApp } from '@smartlock/server/src/app';
import { testConfig } from '@smartlock/server/src/config';
import { lockGroupLocks, lockGroups, locks } from '@smartlock/server/src/db/schema';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { BENCH_CONSOLE_SECRET, call, loginCookie, percentile } from './support';

const LOCKS = Number(process.env.BENCH_LOCKS ?? 10_000);
const GROUPS = Number(process.env.BENCH_GROUPS ?? 200);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const ACCOUNT = 'bench-locks@example.com';
const PASSWORD = 'Bench#2026x';

const app = await buildApp(
  testConfig({ CONSOLE_APP_SECRET: BENCH_CONSOLE_SECRET, DATABASE_URL: process.env.DATABASE_URL || undefined }),
);
await app.ready();
const { db } = app.services.database;
const owner = await ensureDemoAccount(db, ACCOUNT, PASSWORD, app.services.brands.default.packageName);

// The account: LOCKS locks, GROUPS groups, 90% of the locks filed.
const seeded = performance.now();
const groupIds = (
  await db
    .insert(lockGroups)
    .values(
      Array.from({ length: GROUPS }, (_, i) => ({ ownerId: owner, name: `Floor ${String(i + 1).padStart(3, '0')}` })),
    )
    .returning({ id: lockGroups.id })
).map((g) => g.id);
for (let start = 0; start < LOCKS; start += 1000) {
  const batch = Array.from({ length: Math.min(1000, LOCKS - start) }, (_, k) => {
    const n = start + k;
    const hex = n.toString(16).padStart(8, '0').toUpperCase();
    return {
      ownerId: owner,
      mac: `BE:NC:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}:${hex.slice(6, 8)}`.replace('NC', '0C'),
      lockNumber: `S31_${n}`,
      name: `Room ${String(n + 1).padStart(5, '0')}`,
      firmware: '6.1.24',
      featureValue: 'F44D5F7',
      passcodeVersion: 4,
      lockSecret: 'bench',
    };
  });
  const inserted = await db.insert(locks).values(batch).returning({ id: locks.id });
  const filed = inserted
    .filter((_, k) => (start + k) % 10 !== 0)
    .map((l, k) => ({ userId: owner, lockId: l.id, groupId: groupIds[(start + k) % GROUPS] as number }));
  if (filed.length) await db.insert(lockGroupLocks).values(filed);
}
console.log(
  `engine: ${app.services.database.engine}; seeded ${LOCKS} locks in ${GROUPS} groups in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

const cookie = await loginCookie(app, ACCOUNT, PASSWORD);
const cases: [string, Parameters<typeof call>[1], Record<string, string>][] = [
  ['lock list, all, first page', lock.list, { groupId: String(GroupId.all), pageSize: '20' }],
  ['lock list, one group', lock.list, { groupId: String(groupIds[17]), pageSize: '20' }],
  ['lock list, ungrouped', lock.list, { groupId: String(GroupId.ungrouped), pageSize: '20' }],
  ['lock list, last page', lock.list, { pageNo: String(LOCKS / 20), pageSize: '20' }],
  ['lock list, name search', lock.list, { lockName: '0042', pageSize: '20' }],
  ['group list', group.list, {}],
];
let over = 0;
for (const [label, definition, params] of cases) {
  const times: number[] = [];
  const wall = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const { json } = await call(app, definition, params, cookie);
    times.push(performance.now() - start);
    if (json.errorCode !== 0) throw new Error(`${label} failed: ${JSON.stringify(json)}`);
  }
  const perSecond = CALLS / ((performance.now() - wall) / 1000);
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  const ok = p50 < 25 && p99 < 100;
  if (!ok) over++;
  console.log(
    `${label}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${perSecond.toFixed(0)} calls/s — ${ok ? 'within budget' : 'OVER BUDGET'}`,
  );
}
console.log(over === 0 ? 'all within budget (p50 < 25 ms, p99 < 100 ms)' : `${over} over budget`);
await app.close();
