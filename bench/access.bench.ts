/**
 * Access at a moment (docs/governance.md) for a large account, side by side with raw SQL
 * (bench/sideBySide.ts): an owner with 500 locks in three time zones (one in ten in passage mode)
 * and 10,000 credentials over them, of every kind, validity type (permanent, limited, once,
 * cyclic) and status, held by 2,000 people; a group of 50 of the locks. Around them a neighbour
 * account with as many, so the plans are those of a shared database. Each case is a signed GET
 * with the owner's session cookie over HTTP, one at a time ("alone"), against hand-written SQL of
 * the same page, count and passage-mode locks through a `pg` pool of the product's size (10),
 * written apart (the lock's weekday and minute through `to_timestamp ... at time zone`, not the
 * product's arithmetic). Before timing, each case checks both sides answer the same.
 * Cases: who can open a lock at T; who can open a group's locks at T; what a person can open at T.
 * Goal: p99 <= 100 ms each, alone; the ratio to the reference printed.
 * Needs PostgreSQL (DATABASE_URL); the bench fills a scratch database of its own beside it.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -w @smartlock/bench -- access
 */
import { performance } from 'node:perf_hooks';
import {
  access,
  CredentialStatus,
  EKeyStatus,
  PasscodeStatus,
  PasscodeType,
  Switch,
  ValidityType,
} from '@smartlock/contract';
import { lockGroupLocks, lockGroups, locks } from '@smartlock/server/src/db/schema';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { personAccount, seedAccessCredentials } from '@smartlock/server/src/test/accessSeed';
import { inArray } from 'drizzle-orm';
import { scratchApp } from './scratchApp';
import { checkedCase, keepRows, type SideBySideCase, type SideBySideGoal, sideBySide } from './sideBySide';
import { addLocks, httpCall, httpLogin } from './support';

const LOCKS = Number(process.env.BENCH_LOCKS ?? 500);
const CREDENTIALS = Number(process.env.BENCH_CREDENTIALS ?? 10_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2000);
const GROUP = 50;
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
/** One call at a time: the goal is each question's own time. */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
const PAGE = 20;
const OWNER = 'bench-access@example.com';
const PASSWORD = 'Bench#2026x';
const HOUR = 3_600_000;
const GOAL: SideBySideGoal = { text: 'p99 <= 100 ms alone', met: (r) => r.ours.p99 <= 100 };

const { app, db, brand, reference } = await scratchApp('bench_access', 'access');
const owner = await ensureDemoAccount(db, OWNER, PASSWORD, brand);
const neighbour = await ensureDemoAccount(db, 'bench-access-neighbour@example.com', PASSWORD, brand);
const T = Date.now();

const seeded = performance.now();
/** `LOCKS` locks of an account in three time zones (China, UTC, New York), one in ten in passage mode now and then. */
async function fleet(ownerId: number, prefix: string, seed: number): Promise<number[]> {
  const ids = await addLocks(db, ownerId, LOCKS, prefix);
  for (const [n, offset] of [0, -5 * HOUR].entries()) {
    await db
      .update(locks)
      .set({ timezoneRawOffset: offset })
      .where(
        inArray(
          locks.id,
          ids.filter((_, i) => i % 3 === n + 1),
        ),
      );
  }
  const periods = [{ weekDays: [1, 2, 3, 4, 5, 6, 7], startMinute: 420, endMinute: 1140 }];
  await db
    .update(locks)
    .set({ passageMode: { passageMode: Switch.on, periods } })
    .where(
      inArray(
        locks.id,
        ids.filter((_, i) => i % 10 === 0),
      ),
    );
  await seedAccessCredentials(db, CREDENTIALS, { lockIds: ids, ownerId, around: T, people: PEOPLE, seed });
  return ids;
}
const lockIds = await fleet(owner, 'BE:1A:00', 1);
await fleet(neighbour, 'BE:1B:00', 2);
const [group] = await db.insert(lockGroups).values({ ownerId: owner, name: 'Tower A' }).returning();
const groupId = group?.id as number;
await db.insert(lockGroupLocks).values(lockIds.slice(0, GROUP).map((lockId) => ({ userId: owner, lockId, groupId })));
await reference.query('vacuum analyze');
console.log(
  `engine: ${app.services.database.engine}; seeded ${CREDENTIALS} credentials of ${PEOPLE} people over ${LOCKS} locks (and as many elsewhere) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await httpLogin(address, OWNER, PASSWORD);

// The hand-written SQL: the locks in scope with their local time at T ($1 ms, $2 as a timestamp),
// each kind's rule written out, the page and the count, and the locks in passage mode then.
const quoted = (values: readonly (string | number)[]) => values.map((v) => `'${v}'`).join(', ');
const EKEYS_IN_FORCE = quoted([EKeyStatus.normal, EKeyStatus.updating]);
const CODES_HELD = quoted([
  PasscodeStatus.normal,
  PasscodeStatus.updating,
  PasscodeStatus.updateFailed,
  PasscodeStatus.deleting,
  PasscodeStatus.deleteFailed,
]);
const CREDENTIALS_HELD = [
  CredentialStatus.normal,
  CredentialStatus.updating,
  CredentialStatus.updateFailed,
  CredentialStatus.deleting,
  CredentialStatus.deleteFailed,
].join(', ');
const DOW = 'extract(isodow from l.local)::int';
const MINUTE = '(extract(hour from l.local) * 60 + extract(minute from l.local))';
const inCycle = (cycle: string) =>
  `(${cycle} -> 'weekDays' @> to_jsonb(${DOW}) and ${MINUTE} >= (${cycle} ->> 'startMinute')::int and ${MINUTE} < (${cycle} ->> 'endMinute')::int)`;
function referenceSql(scope: string, person: string | null): string {
  const who = (expression: string) => (person === null ? '' : ` and ${expression} = ${person}`);
  return `with l as (select s.*, (to_timestamp(($1::bigint + s.tz) / 1000.0) at time zone 'UTC') as local from (${scope}) s),
  c as (
    select l.name as alias, l.id as lock_id, lower(k.recipient_account) as who, 'ekey' as kind, k.id
    from ekeys k join l on l.id = k.lock_id
    where k.status in (${EKEYS_IN_FORCE})${who('lower(k.recipient_account)')}
      and (k.validity_type = ${ValidityType.permanent} or (k.start_date <= $2 and k.end_date > $2
        and (k.validity_type <> ${ValidityType.cyclic} or ${inCycle('k.cycle')})))
    union all
    select l.name, l.id, lower(btrim(p.name)), 'passcode', p.id
    from passcodes p join l on l.id = p.lock_id
    where p.status in (${CODES_HELD}) and p.type <> ${PasscodeType.clear}${who('lower(btrim(p.name))')}
      and case when p.type = ${PasscodeType.cyclic} then
          extract(hour from l.local) >= p.cycle_start_hour and extract(hour from l.local) < p.cycle_end_hour
          and ${DOW} = any(case p.cycle_type when 5 then array[6, 7] when 6 then array[1, 2, 3, 4, 5, 6, 7]
            when 7 then array[1, 2, 3, 4, 5] else array[p.cycle_type - 7] end)
        else (p.start_date is null or p.start_date <= $2) and (p.end_date is null or p.end_date > $2) end
    union all
    select l.name, l.id, lower(btrim(c.name)), case c.kind when 'qrCode' then 'qrcode' when 'keyFob' then 'keyfob' else c.kind end, c.id
    from lock_credentials c join l on l.id = c.lock_id
    where c.status in (${CREDENTIALS_HELD})${who('lower(btrim(c.name))')}
      and (c.start_date is null or c.start_date <= $2) and (c.end_date is null or c.end_date > $2)
      and (c.cycle is null or ${inCycle('c.cycle')}))
  select (select json_agg(x) from (select kind, id from c order by alias, lock_id, who, kind, id limit ${PAGE}) x) as page,
    (select count(*) from c) as total,
    (select json_agg(p.id order by p.name, p.id) from l p where (p.passage_mode ->> 'passageMode')::int = 1
      and exists (select 1 from jsonb_array_elements(p.passage_mode -> 'periods') w
        where w -> 'weekDays' @> to_jsonb(extract(isodow from p.local)::int)
          and (extract(hour from p.local) * 60 + extract(minute from p.local)) >= (w ->> 'startMinute')::int
          and (extract(hour from p.local) * 60 + extract(minute from p.local)) < (w ->> 'endMinute')::int)) as passage`;
}
const LOCK_COLUMNS = 'l.id, l.name, l.timezone_raw_offset::bigint as tz, l.passage_mode';
const ONE_LOCK = `select ${LOCK_COLUMNS} from locks l where l.id = $3`;
const GROUP_LOCKS = `select ${LOCK_COLUMNS} from locks l join lock_group_locks g on g.lock_id = l.id
  where g.user_id = $3 and g.group_id = $4 and l.owner_id = $3`;
const OWN_LOCKS = `select ${LOCK_COLUMNS} from locks l where l.owner_id = $3`;

type Answer = { list: { kind: string; credentialId: number }[]; total: number; passageLocks: { lockId: number }[] };
interface AccessCase {
  name: string;
  call: Parameters<typeof httpCall>[1];
  params: Record<string, string>;
  sql: string;
  values: unknown[];
}

function checked(c: AccessCase): Promise<SideBySideCase> {
  const at = [T, new Date(T).toISOString()];
  return checkedCase({
    name: c.name,
    product: () => httpCall(address, c.call, { ...c.params, startDate: String(T), pageSize: String(PAGE) }, cookie),
    reference: () => reference.query(c.sql, [...at, ...c.values]),
    oursOf: (data) => {
      const answer = data as Answer;
      const page = answer.list.map((item) => `${item.kind}:${item.credentialId}`).join(',');
      return `${page} of ${answer.total}; passage ${answer.passageLocks.map((lock) => lock.lockId).join(',')}`;
    },
    theirsOf: (result) => {
      const [row] = result.rows as {
        page: { kind: string; id: number }[] | null;
        total: string;
        passage: number[] | null;
      }[];
      const page = (row?.page ?? []).map((item) => `${item.kind}:${item.id}`).join(',');
      return `${page} of ${Number(row?.total)}; passage ${(row?.passage ?? []).join(',')}`;
    },
  });
}

const lockX = lockIds[LOCKS >> 1] as number;
const person = personAccount(PEOPLE >> 1);
const cases: SideBySideCase[] = [];
const questions: AccessCase[] = [
  {
    name: 'who can open lock X at T',
    call: access.lockAccess,
    params: { lockId: String(lockX) },
    sql: referenceSql(ONE_LOCK, null),
    values: [lockX],
  },
  {
    name: `who can open group G (${GROUP} locks) at T`,
    call: access.groupAccess,
    params: { groupId: String(groupId) },
    sql: referenceSql(GROUP_LOCKS, null),
    values: [owner, groupId],
  },
  {
    name: 'what can person P open at T',
    call: access.personAccess,
    params: { lockUser: person },
    sql: referenceSql(OWN_LOCKS, '$4'),
    values: [owner, person],
  },
];
for (const question of questions) cases.push(await checked(question));

const rows = await sideBySide(cases, { calls: CALLS, concurrency: CONCURRENCY, warmup: WARMUP });
const short = rows.filter((row) => !GOAL.met(row));
console.log(
  short.length === 0
    ? `every case within the goal (${GOAL.text})`
    : `short of the goal (${GOAL.text}): ${short.map((r) => r.name).join(', ')}`,
);
keepRows('access', rows, GOAL);
await reference.end();
await app.close();
