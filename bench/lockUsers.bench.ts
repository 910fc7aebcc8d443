/**
 * The console's lock-user screens for a large account, side by side with raw SQL
 * (bench/sideBySide.ts): an owner with 500 locks and 10,000 people holding credentials on them —
 * each an eKey, every second one a passcode and every fourth a card, named after the person's
 * account (so listed under one person), a third of them ending within 90 days. The product runs
 * in process, listening on a free port; each case is a signed GET with the session cookie over
 * HTTP (keep-alive), 32 at a time, against the hand-written SQL of the same page and count through
 * a `pg` pool of the product's size (10), 32 at a time. Cases: the lock-user list's first page, a
 * search by account, one person's credentials by lock, and the credentials ending in the next 30
 * days. Goal: ratio >= 0.5 and p99 <= 50 ms for each.
 * Needs PostgreSQL (DATABASE_URL); the bench fills a scratch database of its own beside it.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -w @smartlock/bench -- lockUsers
 */
import { performance } from 'node:perf_hooks';
import {
  CardStatus,
  CredentialKind,
  EKeyAuthorized,
  EKeyStatus,
  lockUser,
  PasscodeStatus,
  PasscodeType,
  ValidityType,
} from '@smartlock/contract';
import { ekeys, lockCredentials, passcodes } from '@smartlock/server/src/db/schema';
import { ensureDemoAccount } from '@smartlock/server/src/demo/demoAccount';
import { scratchApp } from './scratchApp';
import { goalVerdict, keepRows, type SideBySideCase, sideBySide } from './sideBySide';
import { addLocks, httpCall, httpLogin } from './support';

const LOCKS = Number(process.env.BENCH_LOCKS ?? 500);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Calls per side and case made first and not counted (the first case also warms the process). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const PAGE = 20;
const DAY = 86_400_000;
const OWNER = 'bench-lock-users@example.com';
const PASSWORD = 'Bench#2026x';

const { app, db, brand, reference } = await scratchApp('bench_lock_users', 'lock-user');
const owner = await ensureDemoAccount(db, OWNER, PASSWORD, brand);

// The owner's LOCKS locks; person i: an eKey on lock i, a passcode on lock i + 1 (even i), a card
// on lock i + 2 (i a multiple of 4), all named after the account; every third ends within 90 days.
const seeded = performance.now();
const lockIds = await addLocks(db, owner, LOCKS, 'BE:0D:05');
const now = Date.now();
const accountOf = (i: number) => `person${String(i).padStart(5, '0')}@example.com`;
const lockOf = (i: number) => lockIds[i % LOCKS] as number;
const endOf = (i: number) => (i % 3 === 0 ? new Date(now + ((i % 90) + 1) * DAY - (i % 1000) * 1000) : null);
for (let start = 0; start < PEOPLE; start += 1000) {
  const people = Array.from({ length: Math.min(1000, PEOPLE - start) }, (_, k) => start + k);
  await db.insert(ekeys).values(
    people.map((i) => ({
      lockId: lockOf(i),
      senderId: owner,
      recipientAccount: accountOf(i),
      keyName: `Key ${i}`,
      validityType: endOf(i) ? ValidityType.limited : ValidityType.permanent,
      startDate: endOf(i) ? new Date(now - DAY) : null,
      endDate: endOf(i),
      keyRight: EKeyAuthorized.no,
      status: EKeyStatus.normal,
    })),
  );
  await db.insert(passcodes).values(
    people
      .filter((i) => i % 2 === 0)
      .map((i) => ({
        lockId: lockOf(i + 1),
        creatorId: owner,
        code: String(10_000_000 + i),
        name: accountOf(i),
        type: endOf(i) ? PasscodeType.limited : PasscodeType.permanent,
        startDate: endOf(i) ? new Date(now - DAY) : null,
        endDate: endOf(i),
        status: PasscodeStatus.normal,
      })),
  );
  await db.insert(lockCredentials).values(
    people
      .filter((i) => i % 4 === 0)
      .map((i) => ({
        lockId: lockOf(i + 2),
        creatorId: owner,
        kind: 'card',
        number: String(3_000_000_000 + i),
        value: String(3_000_000_000 + i),
        name: accountOf(i),
        validityType: endOf(i) ? ValidityType.limited : ValidityType.permanent,
        startDate: endOf(i) ? new Date(now - DAY) : null,
        endDate: endOf(i),
        status: CardStatus.normal,
      })),
  );
}
await reference.query('vacuum analyze');
console.log(
  `engine: ${app.services.database.engine}; seeded ${LOCKS} locks, ${PEOPLE} people (${PEOPLE + Math.ceil(PEOPLE / 2) + Math.ceil(PEOPLE / 4)} credentials) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await httpLogin(address, OWNER, PASSWORD);
const person = accountOf(42);
const windowStart = now;
const windowEnd = now + 30 * DAY;

// The hand-written SQL: the locks the caller manages (owned; administered and not owned), the
// credentials held on them as one row each, and each page and its count from those.
const ADMINISTERING = `select e.lock_id from ekeys e where e.recipient_id = $1 and e.key_right = ${EKeyAuthorized.yes}
  and e.status in ('${EKeyStatus.normal}', '${EKeyStatus.updating}')
  and (e.validity_type = ${ValidityType.permanent} or (e.start_date <= now() and e.end_date > now()))`;
const HOLDINGS = `with scoped as (
    select id, name, timezone_raw_offset, owner_id from locks where owner_id = $1
    union all
    select id, name, timezone_raw_offset, owner_id from locks where owner_id <> $1 and id in (${ADMINISTERING})
  ), h as (
    select lower(e.recipient_account) as who, e.recipient_account as name, e.recipient_account as account,
      u.nickname, '${CredentialKind.eKey}' as kind, e.id as credential_id, e.recipient_account as label,
      e.key_name as credential_name, e.validity_type, e.start_date, e.end_date, e.status, e.key_right,
      s.id as lock_id, s.name as lock_alias, s.timezone_raw_offset
    from ekeys e join scoped s on s.id = e.lock_id left join users u on u.id = e.recipient_id
    where e.status not in ('${EKeyStatus.deleting}', '${EKeyStatus.deleted}', '${EKeyStatus.resetting}', '${EKeyStatus.reset}')
      and (e.recipient_id is null or e.recipient_id <> $1)
    union all
    select lower(btrim(p.name)), btrim(p.name), null, null, '${CredentialKind.passcode}', p.id, p.code, p.name,
      p.type, p.start_date, p.end_date, p.status, 0, s.id, s.name, s.timezone_raw_offset
    from passcodes p join scoped s on s.id = p.lock_id
    where btrim(p.name) <> '' and p.status not in ('${PasscodeStatus.deleted}', '${PasscodeStatus.reset}')
    union all
    select lower(btrim(c.name)), btrim(c.name), null, null, c.kind, c.id, c.number, c.name,
      c.validity_type, c.start_date, c.end_date, c.status::text, 0, s.id, s.name, s.timezone_raw_offset
    from lock_credentials c join scoped s on s.id = c.lock_id
    where btrim(c.name) <> '' and c.status <> ${CardStatus.lost}
  )`;
const KINDS = Object.values(CredentialKind)
  .map((kind) => `count(*) filter (where kind = '${kind}')`)
  .join(', ');
const PERSON_ROW = `who, coalesce(max(account), mode() within group (order by name)) as name, max(account), max(nickname),
  bool_or(kind = '${CredentialKind.eKey}' and key_right = ${EKeyAuthorized.yes}), count(distinct lock_id), count(*),
  ${KINDS}, min(end_date) filter (where end_date > now())`;
const MATCHING = 'who in (select who from h where who ilike $2 or name ilike $2 or nickname ilike $2)';

function referenceOf(page: string, count: string, params: unknown[]) {
  return async () => {
    const [rows, total] = await Promise.all([reference.query(page, params), reference.query(count, params)]);
    if (rows.rowCount === 0 || total.rows.length !== 1) throw new Error('reference returned nothing');
  };
}

function productOf(definition: Parameters<typeof httpCall>[1], params: Record<string, string>) {
  return async () => {
    const reply = (await httpCall(address, definition, params, cookie)) as { total?: number };
    if (!reply.total) throw new Error(`${definition.path} returned nothing: ${JSON.stringify(reply)}`);
  };
}

const cases: SideBySideCase[] = [
  {
    name: 'lock users, first page',
    product: productOf(lockUser.listKeyUser, { pageSize: String(PAGE) }),
    reference: referenceOf(
      `${HOLDINGS} select ${PERSON_ROW} from h group by who order by who limit ${PAGE}`,
      `${HOLDINGS} select count(distinct who) from h`,
      [owner],
    ),
  },
  {
    name: 'lock users, account search',
    product: productOf(lockUser.listKeyUser, { searchStr: 'person0042', pageSize: String(PAGE) }),
    reference: referenceOf(
      `${HOLDINGS} select ${PERSON_ROW} from h where ${MATCHING} group by who order by who limit ${PAGE}`,
      `${HOLDINGS} select count(distinct who) from h where ${MATCHING}`,
      [owner, '%person0042%'],
    ),
  },
  {
    name: "one person's credentials by lock",
    product: productOf(lockUser.listKeyGroup, { lockUser: person, pageSize: String(PAGE) }),
    reference: referenceOf(
      `${HOLDINGS}, page as (select lock_id, lock_alias from h where who = $2 group by lock_id, lock_alias
          order by lock_alias, lock_id limit ${PAGE})
        select h.* from h join page using (lock_id) where h.who = $2 order by page.lock_alias, h.lock_id, h.kind, h.credential_id`,
      `${HOLDINGS} select count(distinct lock_id) from h where who = $2`,
      [owner, person],
    ),
  },
  {
    name: 'credentials ending in 30 days',
    product: productOf(lockUser.listExpireUser, {
      startDate: String(windowStart),
      endDate: String(windowEnd),
      pageSize: String(PAGE),
    }),
    reference: referenceOf(
      `${HOLDINGS} select * from h where end_date >= $2 and end_date < $3 order by end_date, who, credential_id limit ${PAGE}`,
      `${HOLDINGS} select count(*) from h where end_date >= $2 and end_date < $3`,
      [owner, new Date(windowStart), new Date(windowEnd)],
    ),
  },
];

const rows = await sideBySide(cases, { calls: CALLS, concurrency: CONCURRENCY, warmup: WARMUP });
console.log(goalVerdict(rows));
keepRows('lockUsers', rows);
await reference.end();
await app.close();
