/**
 * The console's gateway screen for an account with many gateways, side by side with raw SQL
 * (bench/sideBySide.ts): an owner with 500 gateways (half of them placed in a city, a third online),
 * each reaching 20 of the owner's 2,000 locks, and one busy gateway reaching 200. Around them, the
 * rest of the cloud: another account's 2,000 gateways reaching 10 of its 2,000 locks each (so the
 * plans are those of a shared database). Each case is a signed GET with the owner's session cookie
 * over HTTP (keep-alive), 32 at a time, against the hand-written SQL of the same result through a
 * `pg` pool of the product's size (10), 32 at a time. Before timing, each case checks that the
 * product's rows (ids, in order, with their counts) and total equal the reference's.
 * Cases: /gateway/list first page, a name search, the last page; /gateway/listLock of a gateway
 * (20 locks) and of the busy one (200). Goal: ratio >= 0.5 and p99 <= 50 ms for each.
 * Needs PostgreSQL (DATABASE_URL); the bench fills a scratch database of its own beside it.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -w @smartlock/bench -- gateways
 */
import { performance } from 'node:perf_hooks';
import { gateway } from '@smartlock/contract';
import { cities, gatewayLocks, gateways } from '@smartlock/server/src/db/schema';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { scratchApp } from './scratchApp';
import { checkedCase, goalVerdict, keepRows, type SideBySideCase, sideBySide } from './sideBySide';
import { addLocks, httpCall, httpLogin } from './support';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 500);
const LOCKS = Number(process.env.BENCH_LOCKS ?? 2000);
/** Locks each gateway reaches, and the busy gateway's (the most a gateway's reach may list). */
const REACH = 20;
const BUSY_REACH = 200;
const ELSEWHERE_GATEWAYS = Number(process.env.BENCH_ELSEWHERE_GATEWAYS ?? 2000);
const ELSEWHERE_REACH = 10;
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Calls per side and case made first and not counted (the first case also warms the process). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const PAGE = 20;
const OWNER = 'bench-gateways@example.com';
const PASSWORD = 'Bench#2026x';
const BATCH = 1000;

const { app, db, brand, reference } = await scratchApp('bench_gateways', 'gateways');
const owner = await ensureDemoAccount(db, OWNER, PASSWORD, brand);
const neighbour = await ensureDemoAccount(db, 'bench-gateway-neighbour@example.com', PASSWORD, brand);

/** Inserts `count` rows made by `row(i)` in batches of BATCH; what each batch's insert returns. */
async function inBatches<T, R>(count: number, row: (i: number) => T, insert: (rows: T[]) => Promise<R[]>) {
  const out: R[] = [];
  for (let start = 0; start < count; start += BATCH) {
    out.push(...(await insert(Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => row(start + k)))));
  }
  return out;
}

const seeded = performance.now();
const CITIES = [
  { id: 1795565, name: 'Shenzhen', country: 'CN', lat: 22.54554, lon: 114.0683 },
  { id: 2950159, name: 'Berlin', country: 'DE', lat: 52.52437, lon: 13.41053 },
];
await db.insert(cities).values(CITIES);
/** `count` gateways of an account (MACs `prefix:xx:xx`); their ids. */
const addGateways = (ownerId: number, count: number, prefix: string) =>
  inBatches(
    count,
    (i) => {
      const hex = i.toString(16).padStart(4, '0').toUpperCase();
      return {
        ownerId,
        mac: `${prefix}:${hex.slice(0, 2)}:${hex.slice(2, 4)}`,
        name: `Gateway ${String(i + 1).padStart(4, '0')}`,
        version: 1 + (i % 4),
        networkName: `Floor-${i % 50}`,
        secretHash: 'bench',
        online: i % 3 === 0 ? 1 : 0,
        rssi: -40 - (i % 50),
        lastSeenAt: new Date(),
        cityId: i % 2 === 0 ? (CITIES[(i / 2) % 2] as { id: number }).id : null,
      };
    },
    (rows) => db.insert(gateways).values(rows).returning({ id: gateways.id }),
  ).then((rows) => rows.map((r) => r.id));
/** Each gateway reaches `reach` of the locks, in turn (gateway i from lock i * reach on, wrapping). */
const addReach = async (gatewayIds: number[], lockIds: number[], reach: number) => {
  await inBatches(
    gatewayIds.length * reach,
    (n) => ({
      gatewayId: gatewayIds[Math.floor(n / reach)] as number,
      lockId: lockIds[n % lockIds.length] as number,
      rssi: -50 - (n % 40),
    }),
    (rows) => db.insert(gatewayLocks).values(rows).onConflictDoNothing().returning({ g: gatewayLocks.gatewayId }),
  );
};
const ownerLocks = await addLocks(db, owner, LOCKS, 'BE:10:00');
const ownerGateways = await addGateways(owner, GATEWAYS, 'BE:11:00:00');
const busy = ownerGateways[0] as number;
await addReach(ownerGateways.slice(1), ownerLocks, REACH);
await addReach([busy], ownerLocks, BUSY_REACH);
const elsewhereLocks = await addLocks(db, neighbour, LOCKS, 'BE:12:00');
await addReach(await addGateways(neighbour, ELSEWHERE_GATEWAYS, 'BE:13:00:00'), elsewhereLocks, ELSEWHERE_REACH);
await reference.query('vacuum analyze');
console.log(
  `engine: ${app.services.database.engine}; seeded ${GATEWAYS} gateways reaching ${REACH} of ${LOCKS} locks each (one ${BUSY_REACH}), ${ELSEWHERE_GATEWAYS} elsewhere, in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await httpLogin(address, OWNER, PASSWORD);

/** One screen: the product's call and params; the reference's statements; what both must agree on. */
interface ScreenCase {
  name: string;
  call: Parameters<typeof httpCall>[1];
  params: Record<string, string>;
  /** The reference's statements (run together); the first returns the rows. */
  statements: { text: string; values: unknown[] }[];
  /** The product's reply and the reference's results as comparable text (ids in order, counts, total). */
  oursOf: (data: unknown) => string;
  theirsOf: (results: { rows: Record<string, unknown>[] }[]) => string;
}

function checked(c: ScreenCase): Promise<SideBySideCase> {
  return checkedCase({
    name: c.name,
    product: () => httpCall(address, c.call, c.params, cookie),
    reference: () => Promise.all(c.statements.map((s) => reference.query(s.text, s.values))),
    oursOf: c.oursOf,
    theirsOf: c.theirsOf,
  });
}

// The hand-written SQL: the columns the screen shows, the page and the count, as a DBA would write them.
const gatewayPage = (search: string) => `select g.id, g.mac, g.name, g.version, g.network_name, g.rssi, g.online,
    g.last_seen_at, g.city_id, c.name as city_name, (select count(*) from gateway_locks gl where gl.gateway_id = g.id) as lock_num
  from gateways g left join cities c on c.id = g.city_id
  where g.owner_id = $1${search} order by g.name, g.id limit ${PAGE} offset $2`;
const gatewayCount = (search: string) => `select count(*) from gateways g where g.owner_id = $1${search}`;
const LOCKS_OF_GATEWAY = `select l.id, l.name, l.mac, l.state, l.battery, l.switches, l.feature_value, gl.rssi, gl.updated_at
  from gateway_locks gl join gateways g on g.id = gl.gateway_id join locks l on l.id = gl.lock_id
  where gl.gateway_id = $1 and g.owner_id = $2 order by l.name, l.id`;

type GatewayPage = { list: { gatewayId: number; lockNum: number }[]; total: number };
const gatewayList = (name: string, params: Record<string, string>, search: string, offset: number): ScreenCase => ({
  name,
  call: gateway.list,
  params: { pageSize: String(PAGE), ...params },
  statements: search
    ? [
        { text: gatewayPage(' and g.name ilike $3'), values: [owner, offset, `%${search}%`] },
        { text: gatewayCount(' and g.name ilike $2'), values: [owner, `%${search}%`] },
      ]
    : [
        { text: gatewayPage(''), values: [owner, offset] },
        { text: gatewayCount(''), values: [owner] },
      ],
  oursOf: (data) => {
    const page = data as GatewayPage;
    return `${page.list.map((g) => `${g.gatewayId}:${g.lockNum}`).join(',')} of ${page.total}`;
  },
  theirsOf: ([rows, count]) =>
    `${rows?.rows.map((r) => `${r.id}:${r.lock_num}`).join(',')} of ${Number(count?.rows[0]?.count)}`,
});
const locksOf = (name: string, gatewayId: number): ScreenCase => ({
  name,
  call: gateway.listLock,
  params: { gatewayId: String(gatewayId) },
  statements: [{ text: LOCKS_OF_GATEWAY, values: [gatewayId, owner] }],
  oursOf: (data) => (data as { list: { lockId: number }[] }).list.map((l) => l.lockId).join(','),
  theirsOf: ([rows]) => (rows?.rows ?? []).map((r) => r.id).join(','),
});

const lastPage = Math.ceil(GATEWAYS / PAGE);
const screens: ScreenCase[] = [
  gatewayList(`gateway list, first page (${GATEWAYS})`, {}, '', 0),
  gatewayList('gateway list, name search (10)', { gatewayName: 'Gateway 004' }, 'Gateway 004', 0),
  gatewayList(`gateway list, last page`, { pageNo: String(lastPage) }, '', (lastPage - 1) * PAGE),
  locksOf(`locks of a gateway (${REACH})`, ownerGateways[GATEWAYS >> 1] as number),
  locksOf(`locks of a busy gateway (${BUSY_REACH})`, busy),
];
const cases: SideBySideCase[] = [];
/** BENCH_CASES: only the cases whose names contain this text (e.g. "locks of"). */
const only = process.env.BENCH_CASES;
for (const screen of screens) if (!only || screen.name.includes(only)) cases.push(await checked(screen));

const rows = await sideBySide(cases, { calls: CALLS, concurrency: CONCURRENCY, warmup: WARMUP });
console.log(goalVerdict(rows));
keepRows('gateways', rows);
await reference.end();
await app.close();
