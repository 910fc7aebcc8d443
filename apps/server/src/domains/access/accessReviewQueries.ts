import { CredentialKind, EKeyAuthorized, type ReviewItem, ValidityType } from '@smartlock/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lockRecords, sessions, users } from '../../db/schema';
import { offsetOf } from '../../http/paging';
import { holdingOf, holdings, rowsOf } from '../lockUser/lockUserQueries';

/**
 * Access review (docs/governance.md): three lists drawn from the lock users' holdings (what each
 * person holds on the locks the caller manages, `holdings`), each one statement with its count.
 */

interface Paging {
  pageNo: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;
const at = (epochMs: number) => sql`to_timestamp(${epochMs}::float8 / 1000)`;
const msOf = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** A page of holdings `h` with the review's own columns (`last_used`, `last_login`, `reason`), as ReviewItems. */
async function reviewPage(
  db: Executor,
  from: SQL,
  order: SQL,
  page: Paging,
): Promise<{ total: number; list: ReviewItem[] }> {
  const [counted] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${from}`);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select h.*, ${msOf(sql`h.created_at`)} as created_ms, last_used, last_login, reason ${from}
      order by ${order} limit ${page.pageSize} offset ${offsetOf(page.pageNo, page.pageSize)}`,
  );
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    total: counted?.total ?? 0,
    list: rows.map((row) => {
      const held = holdingOf(row);
      return {
        kind: held.kind,
        credentialId: held.credentialId,
        label: held.label,
        name: held.credentialName,
        validityType: held.validityType,
        startDate: held.startDate,
        endDate: held.endDate,
        status: held.status,
        keyRight: held.keyRight,
        lockUser: held.who,
        userName: held.name,
        lockId: held.lockId,
        lockAlias: held.lockAlias,
        timezoneRawOffset: held.timezoneRawOffset,
        createdAt: Number(row.created_ms),
        lastUsedAt: number(row.last_used),
        lastLoginAt: number(row.last_login),
        reason: (row.reason as ReviewItem['reason']) ?? null,
      };
    }),
  };
}

/** SQL: the last successful unlock (a record with success 1) by holding `h` in its lock's records (epoch ms), through the records' credential index. */
const lastUsedSql = sql`(select ${msOf(sql`max(r.lock_date)`)} from ${lockRecords} r
  where r.lock_id = h.lock_id and r.credential_kind = h.kind and r.credential_id = h.credential_id
    and r.success = 1)`;

/**
 * Permanent holdings issued at least `days` days ago that opened nothing in that time by their
 * locks' records; never used first, then the longest unused, by lock and person.
 */
export async function unusedPermanent(db: Executor, userId: number, days: number, page: Paging, now = Date.now()) {
  const cutoff = at(now - days * DAY_MS);
  const from = sql`from (select h.*, ${lastUsedSql} as last_used, null::float8 as last_login, null::text as reason
      from (${holdings({ userId })}) h
      where h.validity_type = ${ValidityType.permanent} and h.created_at < ${cutoff}) h
    where h.last_used is null or h.last_used < ${now - days * DAY_MS}`;
  return reviewPage(
    db,
    from,
    sql`h.last_used nulls first, h.lock_alias, h.lock_id, h.who, h.kind, h.credential_id`,
    page,
  );
}

/** eKeys held by an account since deleted, or waiting for one never registered; by lock and person. */
export async function goneHolders(db: Executor, userId: number, page: Paging) {
  const from = sql`from (select h.*, null::float8 as last_used, null::float8 as last_login,
        case when h.recipient_id is null then 'unregistered' else 'deleted' end as reason
      from (${holdings({ userId })}) h left join ${users} u on u.id = h.recipient_id
      where h.kind = ${CredentialKind.eKey} and (h.recipient_id is null or u.deleted_at is not null)) h`;
  return reviewPage(db, from, sql`h.lock_alias, h.lock_id, h.who, h.credential_id`, page);
}

/**
 * The administrator eKeys on the locks the caller owns, given at least `days` days ago, whose
 * holder has not logged in for `days` days (a session begun) or never has; never first.
 */
export async function idleAdministrators(db: Executor, userId: number, days: number, page: Paging, now = Date.now()) {
  const cutoff = at(now - days * DAY_MS);
  const lastLogin = sql`(select ${msOf(sql`max(s.created_at)`)} from ${sessions} s where s.user_id = h.recipient_id)`;
  const from = sql`from (select h.*, null::float8 as last_used, ${lastLogin} as last_login, null::text as reason
      from (${holdings({ userId, ownedOnly: true })}) h
      where h.kind = ${CredentialKind.eKey} and h.key_right = ${EKeyAuthorized.yes} and h.created_at < ${cutoff}) h
    where h.last_login is null or h.last_login < ${now - days * DAY_MS}`;
  return reviewPage(db, from, sql`h.last_login nulls first, h.lock_alias, h.lock_id, h.who`, page);
}
