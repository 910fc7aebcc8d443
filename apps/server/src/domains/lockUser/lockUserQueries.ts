import {
  CardStatus,
  CredentialKind,
  EKeyAuthorized,
  LOCK_CREDENTIAL_KINDS,
  LockQueryType,
  type LockUserItem,
  PasscodeStatus,
  PasscodeType,
  passcodeValidityType,
} from '@smartlock/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, lockCredentials, locks, passcodes, users } from '../../db/schema';
import { containsPattern, offsetOf } from '../../http/paging';
import { ENDED_EKEY_STATUSES } from '../ekey/ekeyStatus';
import { managedBranches } from '../lock/lockQueries';

/**
 * Holdings: one row per credential someone holds on the locks a caller manages, with the person
 * it belongs to (docs/lock-users.md). A person's key, `who`, is the eKey's recipient account or
 * the credential's name, trimmed and case folded; credentials without a name belong to nobody
 * and are not listed. Credentials that no longer open (deleted, reset, a lost card) are not held.
 */

/** Which locks: every lock the caller manages, or only those they own (the exports). */
export interface HoldingScope {
  userId: number;
  ownedOnly?: boolean;
  lockIds?: readonly number[] | undefined;
}

export interface HoldingRow {
  who: string;
  name: string;
  account: string | null;
  nickname: string | null;
  kind: string;
  credentialId: number;
  label: string;
  credentialName: string;
  /** ValidityType, for every kind (a passcode's mapped from its type). */
  validityType: number;
  startDate: number | null;
  endDate: number | null;
  status: string;
  keyRight: number;
  recipientId: number | null;
  lockId: number;
  lockAlias: string;
  timezoneRawOffset: number;
  ownerId: number;
}

/** The key a person is known by, from an account or a name as given. */
export function personKey(text: string): string {
  return text.trim().toLowerCase();
}

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** SQL: the CredentialKind of `c` (lock_credentials in the query). */
export const lockCredentialKindSql = sql.raw(
  `case c.kind ${LOCK_CREDENTIAL_KINDS.map((kind) => `when '${kind}' then '${CredentialKind[kind]}'`).join(' ')} end`,
);

/**
 * A passcode's ValidityType from its type (and whether it ends), by the contract's mapping, so
 * every kind's rows share one validity vocabulary (permanent, limited, once, cyclic); of `p`
 * (passcodes in the query).
 */
export const passcodeValiditySql = sql.raw(
  `case p.type ${Object.values(PasscodeType)
    .map((type) => {
      const ending = passcodeValidityType(type, true);
      const open = passcodeValidityType(type, false);
      return `when ${type} then ${ending === open ? ending : `case when p.end_date is null then ${open} else ${ending} end`}`;
    })
    .join(' ')} end`,
);

/**
 * The locks in scope as disjoint branches (owned; administered and not owned: `managedBranches`),
 * each walking its own index, joined by `union all` — no "owns or administers" OR to filter by.
 */
function scopedLocks(scope: HoldingScope): SQL {
  const among =
    scope.lockIds === undefined
      ? undefined
      : scope.lockIds.length === 0
        ? sql`false`
        : sql`${locks.id} in (${sql.join([...scope.lockIds], sql`, `)})`;
  const branches = managedBranches(scope.userId, scope.ownedOnly ? LockQueryType.admin : LockQueryType.all);
  return sql.join(
    branches.map(
      (
        where,
      ) => sql`select ${locks.id} as id, ${locks.name} as alias, ${locks.timezoneRawOffset} as tz, ${locks.ownerId} as owner_id
    from ${locks} where ${where}${among ? sql` and ${among}` : sql``}`,
    ),
    sql` union all `,
  );
}

const endedKeys = sql.join(
  ENDED_EKEY_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The holdings as a SQL subquery (columns as HoldingRow, snake_case, and `end_at`, the end as
 * stored, to compare and order by without converting every row, and `created_at`, when it was
 * issued: the access review's), for the lists to filter,
 * group and page. The caller's own keys are not among them: one is not one's own lock user.
 */
export function holdings(scope: HoldingScope): SQL {
  return sql`with scoped as (${scopedLocks(scope)})
    select lower(${ekeys.recipientAccount}) as who, ${ekeys.recipientAccount} as name,
      ${ekeys.recipientAccount} as account, ${users.nickname} as nickname, ${CredentialKind.eKey} as kind,
      ${ekeys.id} as credential_id, ${ekeys.recipientAccount} as label, ${ekeys.keyName} as credential_name,
      ${ekeys.validityType} as validity_type, ${epochMs(sql`${ekeys.startDate}`)} as start_date,
      ${epochMs(sql`${ekeys.endDate}`)} as end_date, ${ekeys.status} as status, ${ekeys.keyRight} as key_right,
      ${ekeys.recipientId} as recipient_id, s.id as lock_id, s.alias as lock_alias, s.tz as timezone_raw_offset,
      s.owner_id as owner_id, ${ekeys.endDate} as end_at, ${ekeys.createdAt} as created_at
    from ${ekeys} join scoped s on s.id = ${ekeys.lockId}
      left join ${users} on ${users.id} = ${ekeys.recipientId}
    where ${ekeys.status} not in (${endedKeys})
      and (${ekeys.recipientId} is null or ${ekeys.recipientId} <> ${scope.userId})
    union all
    select lower(btrim(p.name)), btrim(p.name), null, null, ${CredentialKind.passcode}, p.id, p.code, p.name,
      ${passcodeValiditySql}, ${epochMs(sql`p.start_date`)}, ${epochMs(sql`p.end_date`)}, p.status, 0, null,
      s.id, s.alias, s.tz, s.owner_id, p.end_date, p.created_at
    from ${passcodes} p join scoped s on s.id = p.lock_id
    where btrim(p.name) <> '' and p.status not in (${PasscodeStatus.deleted}, ${PasscodeStatus.reset})
    union all
    select lower(btrim(c.name)), btrim(c.name), null, null, ${lockCredentialKindSql}, c.id, c.number, c.name,
      c.validity_type, ${epochMs(sql`c.start_date`)}, ${epochMs(sql`c.end_date`)}, c.status::text, 0, null,
      s.id, s.alias, s.tz, s.owner_id, c.end_date, c.created_at
    from ${lockCredentials} c join scoped s on s.id = c.lock_id
    where btrim(c.name) <> '' and c.status <> ${CardStatus.lost}`;
}

/** Rows of a raw query, whichever driver ran it. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A raw holdings row as the code names its fields. */
export function holdingOf(row: Record<string, unknown>): HoldingRow {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    who: String(row.who),
    name: String(row.name),
    account: (row.account as string | null) ?? null,
    nickname: (row.nickname as string | null) ?? null,
    kind: String(row.kind),
    credentialId: Number(row.credential_id),
    label: String(row.label),
    credentialName: String(row.credential_name ?? ''),
    validityType: Number(row.validity_type),
    startDate: number(row.start_date),
    endDate: number(row.end_date),
    status: String(row.status),
    keyRight: Number(row.key_right),
    recipientId: number(row.recipient_id),
    lockId: Number(row.lock_id),
    lockAlias: String(row.lock_alias),
    timezoneRawOffset: Number(row.timezone_raw_offset),
    ownerId: Number(row.owner_id),
  };
}

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** A page of rows and how many there are in all. */
interface Counted<T> {
  total: number;
  rows: T[];
}

/** SQL: the holding `h` is a person's matching the search by key, account, name or nickname. */
function personMatches(search: string | undefined): SQL {
  if (!search) return sql`true`;
  const pattern = containsPattern(search);
  return sql`(h.who ilike ${pattern} or h.name ilike ${pattern} or h.nickname ilike ${pattern})`;
}

const COUNTED_KINDS = Object.values(CredentialKind);

/**
 * A page of the people holding anything on the locks the caller manages (those with a holding
 * matching the search), by key: what they hold, counted by kind, and when their next holding ends.
 * The people's keys are read once, counted (nothing sorted) and the page's picked; only the
 * page's people are aggregated, their holdings found by key through the holders' indexes.
 */
export async function lockUserPeople(
  db: Executor,
  userId: number,
  query: Paging & { searchStr?: string | undefined },
): Promise<Counted<LockUserItem>> {
  // The people's keys, read once: counted, and the page's picked; then only what the page's
  // people hold is aggregated.
  const keys = sql`keys as (select h.who from (${holdings({ userId })}) h where ${personMatches(query.searchStr)} group by h.who)`;
  const count = sql`select count(*)::int from keys`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${keys}
    select h.who, coalesce(max(h.account), mode() within group (order by h.name)) as name, max(h.account) as account,
      max(h.nickname) as nickname, bool_or(h.kind = ${CredentialKind.eKey} and h.key_right = ${EKeyAuthorized.yes}) as is_admin,
      count(distinct h.lock_id)::int as lock_count, count(*)::int as credential_count,
      ${sql.join(
        COUNTED_KINDS.map((kind) => sql`count(*) filter (where h.kind = ${kind})::int as ${sql.raw(`"k_${kind}"`)}`),
        sql`, `,
      )} , min(h.end_date) filter (where h.end_date > ${Date.now()}) as next_end_date, (${count}) as total
    from (${holdings({ userId })}) h
    where h.who = any(array(select who from keys order by who
      limit ${query.pageSize} offset ${offsetOf(query.pageNo, query.pageSize)}))
    group by h.who order by h.who`,
  );
  // A page past the end has no rows to carry the count.
  const [counted] =
    rows.length > 0 || query.pageNo === 1
      ? [{ total: Number(rows[0]?.total ?? 0) }]
      : await rowsOf<{ total: number }>(db, sql`with ${keys} select (${count}) as total`);
  return {
    total: counted?.total ?? 0,
    rows: rows.map((row) => ({
      lockUser: String(row.who),
      name: String(row.name),
      account: (row.account as string | null) ?? null,
      nickname: (row.nickname as string | null) || null,
      isAdmin: Boolean(row.is_admin),
      lockCount: Number(row.lock_count),
      credentialCount: Number(row.credential_count),
      kinds: Object.fromEntries(
        COUNTED_KINDS.map((kind) => [kind, Number(row[`k_${kind}`] ?? 0)]),
      ) as LockUserItem['kinds'],
      nextEndDate: row.next_end_date === null ? null : Number(row.next_end_date),
    })),
  };
}

/**
 * A page of the locks (by name) on which the person holds anything among those the caller
 * manages, how many such locks there are, and the person's holdings on the page's locks.
 */
export async function personHoldingsByLock(
  db: Executor,
  userId: number,
  who: string,
  page: Paging,
): Promise<{ total: number; lockIds: number[]; held: HoldingRow[] }> {
  const h = holdings({ userId });
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(distinct h.lock_id)::int as total from (${h}) h where h.who = ${who}`,
  );
  const pageLocks = await rowsOf<{ lock_id: number }>(
    db,
    sql`select h.lock_id from (${h}) h where h.who = ${who}
      group by h.lock_id, h.lock_alias order by h.lock_alias, h.lock_id
      limit ${page.pageSize} offset ${offsetOf(page.pageNo, page.pageSize)}`,
  );
  const lockIds = pageLocks.map((row) => Number(row.lock_id));
  const held =
    lockIds.length === 0
      ? []
      : (
          await rowsOf<Record<string, unknown>>(
            db,
            sql`select * from (${h}) h where h.who = ${who} and h.lock_id in (${sql.join(lockIds, sql`, `)})
              order by h.kind, h.credential_id`,
          )
        ).map(holdingOf);
  return { total: counted?.total ?? 0, lockIds, held };
}

/**
 * A page of the holdings on the caller's managed locks whose validity ends inside the window
 * (and whose person matches the search), soonest first.
 */
export async function expiringHoldings(
  db: Executor,
  userId: number,
  query: Paging & { startDate: number; endDate: number; searchStr?: string | undefined },
): Promise<Counted<HoldingRow>> {
  const at = (epochMs: number) => sql`to_timestamp(${epochMs}::float8 / 1000)`;
  const inWindow = sql`from (${holdings({ userId })}) h
    where h.end_at >= ${at(query.startDate)} and h.end_at < ${at(query.endDate)} and ${personMatches(query.searchStr)}`;
  const [counted] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${inWindow}`);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select * ${inWindow} order by h.end_at, h.who, h.credential_id
      limit ${query.pageSize} offset ${offsetOf(query.pageNo, query.pageSize)}`,
  );
  return { total: counted?.total ?? 0, rows: rows.map(holdingOf) };
}

/** Everything the person holds on the locks the caller manages (or those of them among `lockIds`), by lock. */
export async function personHoldings(
  db: Executor,
  userId: number,
  who: string,
  lockIds?: readonly number[],
): Promise<HoldingRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select * from (${holdings({ userId, lockIds })}) h where h.who = ${who} order by h.lock_id, h.credential_id`,
  );
  return rows.map(holdingOf);
}

/** How many holdings are in scope (the export's rows), and how many people hold them. */
export async function holdingsCount(db: Executor, scope: HoldingScope): Promise<{ total: number; userCount: number }> {
  const [counted] = await rowsOf<{ total: number; user_count: number }>(
    db,
    sql`select count(*)::int as total, count(distinct h.who)::int as user_count from (${holdings(scope)}) h`,
  );
  return { total: counted?.total ?? 0, userCount: counted?.user_count ?? 0 };
}

/** A page of the holdings in scope, person then lock order (the export). */
export async function holdingsPage(db: Executor, scope: HoldingScope, page: Paging): Promise<Counted<HoldingRow>> {
  const from = sql`from (${holdings(scope)}) h`;
  const [counted] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${from}`);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select * ${from} order by h.who, h.lock_alias, h.lock_id, h.kind, h.credential_id
      limit ${page.pageSize} offset ${offsetOf(page.pageNo, page.pageSize)}`,
  );
  return { total: counted?.total ?? 0, rows: rows.map(holdingOf) };
}
