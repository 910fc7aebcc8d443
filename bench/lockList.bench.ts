/**
 * The console's lock list for a large account, side by side with raw SQL (bench/sideBySide.ts): an
 * account with 10,000 locks in 200 groups (90% filed), and an administrator holding administering
 * eKeys on 2,000 of them. The product runs in process, listening on a free port; each case is a
 * signed GET with the session cookie over HTTP (keep-alive), 32 at a time, against the hand-written
 * SQL of the same page and count through a `pg` pool of the product's size (10), 32 at a time.
 * Cases: the first page of all locks, one group, the ungrouped, a name search, the administered
 * locks of the administrator, and /group/list. Goal: ratio >= 0.5 and p99 <= 50 ms for each.
 * Needs PostgreSQL (DATABASE_URL); the bench fills a scratch database of its own beside it.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -w @smartlock/bench -- lockList
 */
import { performance } from 'node:perf_hooks';
import { EKeyAuthorized, EKeyStatus, GroupId, group, LockQueryType, lock, ValidityType } from '@smartlock/contract';
import { ekeys, lockGroupLocks, lockGroups, locks } from '@smartlock/server/src/db/schema';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { scratchApp } from './scratchApp';
import { goalVerdict, keepRows, type SideBySideCase, sideBySide } from './sideBySide';
import { httpCall, httpLogin } from './support';

const LOCKS = Number(process.env.BENCH_LOCKS ?? 10_000);
const GROUPS = Number(process.env.BENCH_GROUPS ?? 200);
const ADMINISTERED = Number(process.env.BENCH_ADMINISTERED ?? Math.round(LOCKS / 5));
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Calls per side and case made first and not counted (the first case also warms the process). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const PAGE = 20;
const OWNER = 'bench-locks@example.com';
const ADMIN = 'bench-admin@example.com';
const PASSWORD = 'Bench#2026x';

const { app, db, brand, reference } = await scratchApp('bench_lock_list', 'lock-list');
const owner = await ensureDemoAccount(db, OWNER, PASSWORD, brand);
const administrator = await ensureDemoAccount(db, ADMIN, PASSWORD, brand);

// The owner: LOCKS locks, GROUPS groups, 90% of the locks filed; the administrator: ADMINISTERED of them.
const seeded = performance.now();
const groupIds = (
  await db
    .insert(lockGroups)
    .values(
      Array.from({ length: GROUPS }, (_, i) => ({ ownerId: owner, name: `Floor ${String(i + 1).padStart(3, '0')}` })),
    )
    .returning({ id: lockGroups.id })
).map((g) => g.id);
const lockIds: number[] = [];
for (let start = 0; start < LOCKS; start += 1000) {
  const batch = Array.from({ length: Math.min(1000, LOCKS - start) }, (_, k) => {
    const hex = (start + k).toString(16).padStart(8, '0').toUpperCase();
    return {
      ownerId: owner,
      mac: `BE:0C:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}:${hex.slice(6, 8)}`,
      lockNumber: `S31_${start + k}`,
      name: `Room ${String(start + k + 1).padStart(5, '0')}`,
      firmware: '6.1.24',
      featureValue: 'F44D5F7',
      passcodeVersion: 4,
      lockSecret: 'bench',
    };
  });
  const inserted = await db.insert(locks).values(batch).returning({ id: locks.id });
  lockIds.push(...inserted.map((l) => l.id));
  const filed = inserted
    .filter((_, k) => (start + k) % 10 !== 0)
    .map((l) => ({ userId: owner, lockId: l.id, groupId: groupIds[l.id % GROUPS] as number }));
  if (filed.length) await db.insert(lockGroupLocks).values(filed);
}
const administered = lockIds.filter((_, i) => i % Math.max(1, Math.floor(LOCKS / ADMINISTERED)) === 0);
for (let start = 0; start < administered.length; start += 1000) {
  await db.insert(ekeys).values(
    administered.slice(start, start + 1000).map((lockId) => ({
      lockId,
      senderId: owner,
      recipientId: administrator,
      recipientAccount: ADMIN,
      keyName: 'Administrator',
      validityType: ValidityType.permanent,
      keyRight: EKeyAuthorized.yes,
      status: EKeyStatus.normal,
    })),
  );
}
await reference.query('vacuum analyze');
console.log(
  `engine: ${app.services.database.engine}; seeded ${LOCKS} locks in ${GROUPS} groups, ${administered.length} administered, in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const ownerCookie = await httpLogin(address, OWNER, PASSWORD);
const adminCookie = await httpLogin(address, ADMIN, PASSWORD);
const oneGroup = groupIds[17] as number;

// The hand-written SQL: the page (the lock's columns the list shows, the caller's group, the
// gateway that reaches it best) and the count, as a DBA would write them for each page.
const ADMINISTERING = `select e.lock_id from ekeys e where e.recipient_id = $1 and e.key_right = ${EKeyAuthorized.yes}
  and e.status in ('${EKeyStatus.normal}', '${EKeyStatus.updating}')
  and (e.validity_type = ${ValidityType.permanent} or (e.start_date <= now() and e.end_date > now()))`;
const ROW = `l.id, l.name, l.mac, l.state, l.battery, l.feature_value, l.owner_id, f.group_id, r.name as gateway_name, r.online, r.rssi`;
const JOINS = `left join lock_group_locks f on f.user_id = $1 and f.lock_id = l.id
  left join lateral (select gw.name, gw.online, gl.rssi from gateway_locks gl join gateways gw on gw.id = gl.gateway_id
    where gl.lock_id = l.id order by gw.online desc, gl.rssi desc nulls last limit 1) r on true`;
const pageOf = (ids: string) => `select ${ROW} from locks l ${JOINS} where l.id in (${ids}) order by l.name, l.id`;

function referenceOf(page: string, count: string, params: unknown[]) {
  return async () => {
    const [rows, total] = await Promise.all([reference.query(page, params), reference.query(count, params)]);
    if (rows.rowCount === 0 || total.rows.length !== 1) throw new Error('reference returned nothing');
  };
}

function productOf(definition: Parameters<typeof httpCall>[1], params: Record<string, string>, cookie: string) {
  return async () => {
    await httpCall(address, definition, params, cookie);
  };
}

const cases: SideBySideCase[] = [
  {
    name: 'lock list, all, first page',
    product: productOf(lock.list, { groupId: String(GroupId.all), pageSize: String(PAGE) }, ownerCookie),
    reference: referenceOf(
      pageOf(`select id from (
        (select id, name from locks where owner_id = $1 order by name, id limit ${PAGE})
        union all
        (select id, name from locks where owner_id <> $1 and id in (${ADMINISTERING}) order by name, id limit ${PAGE})
        order by name, id limit ${PAGE}) p`),
      `select (select count(*) from locks where owner_id = $1)
        + (select count(*) from locks where owner_id <> $1 and id in (${ADMINISTERING}))`,
      [owner],
    ),
  },
  {
    name: 'lock list, one group',
    product: productOf(lock.list, { groupId: String(oneGroup), pageSize: String(PAGE) }, ownerCookie),
    reference: referenceOf(
      pageOf(`select f.lock_id from lock_group_locks f join locks l on l.id = f.lock_id
        where f.user_id = $1 and f.group_id = $2 and (l.owner_id = $1 or l.id in (${ADMINISTERING}))
        order by l.name, l.id limit ${PAGE}`),
      `select count(*) from lock_group_locks f join locks l on l.id = f.lock_id
        where f.user_id = $1 and f.group_id = $2 and (l.owner_id = $1 or l.id in (${ADMINISTERING}))`,
      [owner, oneGroup],
    ),
  },
  {
    name: 'lock list, ungrouped',
    product: productOf(lock.list, { groupId: String(GroupId.ungrouped), pageSize: String(PAGE) }, ownerCookie),
    reference: referenceOf(
      pageOf(`select id from locks l where owner_id = $1
        and not exists (select 1 from lock_group_locks f where f.user_id = $1 and f.lock_id = l.id)
        order by name, id limit ${PAGE}`),
      `select count(*) from locks l where owner_id = $1
        and not exists (select 1 from lock_group_locks f where f.user_id = $1 and f.lock_id = l.id)`,
      [owner],
    ),
  },
  {
    name: 'lock list, name search',
    product: productOf(lock.list, { lockName: '0042', pageSize: String(PAGE) }, ownerCookie),
    reference: referenceOf(
      pageOf(`select id from locks where owner_id = $1 and name ilike $2 order by name, id limit ${PAGE}`),
      'select count(*) from locks where owner_id = $1 and name ilike $2',
      [owner, '%0042%'],
    ),
  },
  {
    name: 'lock list, administered only',
    product: productOf(
      lock.list,
      { type: String(LockQueryType.authorizedAdmin), groupId: String(GroupId.all), pageSize: String(PAGE) },
      adminCookie,
    ),
    reference: referenceOf(
      pageOf(`select id from locks where owner_id <> $1 and id in (${ADMINISTERING}) order by name, id limit ${PAGE}`),
      `select count(*) from locks where owner_id <> $1 and id in (${ADMINISTERING})`,
      [administrator],
    ),
  },
  {
    name: 'group list',
    product: productOf(group.list, {}, ownerCookie),
    reference: async () => {
      const [groups, counts, total] = await Promise.all([
        reference.query('select id, name from lock_groups where owner_id = $1 order by name, id', [owner]),
        reference.query(
          `select f.group_id, count(*) from lock_group_locks f
            where f.user_id = $1 and f.lock_id in (select id from locks where owner_id = $1
              union all select id from locks where owner_id <> $1 and id in (${ADMINISTERING}))
            group by f.group_id`,
          [owner],
        ),
        reference.query(
          `select (select count(*) from locks where owner_id = $1)
            + (select count(*) from locks where owner_id <> $1 and id in (${ADMINISTERING})) as n`,
          [owner],
        ),
      ]);
      if (groups.rowCount === 0 || counts.rowCount === 0 || total.rowCount !== 1) throw new Error('no groups');
    },
  },
];

const rows = await sideBySide(cases, { calls: CALLS, concurrency: CONCURRENCY, warmup: WARMUP });
console.log(goalVerdict(rows));
keepRows('lockList', rows);
await reference.end();
await app.close();
