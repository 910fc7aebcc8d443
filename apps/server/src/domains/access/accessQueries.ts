import {
  ACCESS_WINDOW_MAX_DAYS,
  type AccessAnswer,
  CredentialKind,
  CyclicPasscodeSubtype,
  cyclicWeekDays,
  LockQueryType,
  LockSwitch,
  PasscodeType,
  Switch,
  ValidityType,
} from '@smartlock/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, lockCredentials, lockGroupLocks, locks, passcodes } from '../../db/schema';
import { offsetOf } from '../../http/paging';
import { managedBranches } from '../lock/lockQueries';
import { lockCredentialKindSql, passcodeValiditySql } from '../lockUser/lockUserQueries';
import { OPENING_CREDENTIAL_STATUSES, OPENING_EKEY_STATUSES, OPENING_PASSCODE_STATUSES } from './accessRules';

/**
 * Access at a moment in SQL (docs/governance.md): every credential of the locks in scope that
 * opens at some moment of [from, to) — a moment is [t, t + 1) — by the rules of accessRules.ts,
 * each kind brought to one shape first (a span, and a weekly cycle or none), then one test for
 * all, in one statement with the count and the locks in passage mode then.
 */

/** Which locks a question covers; the caller's permission on them is the service's to check first. */
export type AccessScope =
  | { lockId: number }
  | { userId: number; groupId: number }
  | { userId: number; lockUser: string };

/** The range asked about, epoch ms: [from, to). */
export interface AccessWindow {
  from: number;
  to: number;
}

interface Paging {
  pageNo: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`;
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
/** SQL: the weekdays (a JSON array) of a cyclic passcode's subtype (`p.cycle_type`), by the contract's `cyclicWeekDays`. */
const passcodeWeekDaysSql = sql.raw(
  `case p.cycle_type ${Object.values(CyclicPasscodeSubtype)
    .map((subtype) => `when ${subtype} then '${JSON.stringify(cyclicWeekDays(subtype))}'::jsonb`)
    .join(' ')} else '[]'::jsonb end`,
);

/**
 * SQL: the local days (days since 1970-01-01 in the lock's time, `tz` ms off UTC) that [lo, hi)
 * touches, as `d`: at most ACCESS_WINDOW_MAX_DAYS + 1 of them, counted from a constant series so
 * the planner knows how few they are. Moments are after 2000, so the divisions never see a negative.
 */
function localDays(lo: SQL, hi: SQL, tz: SQL, condition: (day: SQL) => SQL): SQL {
  const first = sql`((${lo} + ${tz}) / ${DAY_MS})`;
  const day = sql`(${first} + n)`;
  return sql`exists (select 1 from generate_series(0, ${sql.raw(String(ACCESS_WINDOW_MAX_DAYS))}) n
    where n <= (${hi} - 1 + ${tz}) / ${DAY_MS} - ${first} and ${condition(day)})`;
}

/** SQL: the weekday (1 Monday to 7 Sunday) of a local day as JSON; day 0 (1970-01-01) was a Thursday. */
const weekDayOf = (day: SQL) => sql`to_jsonb(((${day} + 3) % 7 + 1)::int)`;

/**
 * SQL: a weekly window (weekdays a JSON array, minutes [startMinute, endMinute) lock-local) is
 * open at some moment of [lo, hi) for a lock `tz` ms off UTC: one of the local days the range
 * touches is one of its weekdays and its window that day meets the range.
 */
function windowMeets(window: { weekDays: SQL; startMinute: SQL; endMinute: SQL }, lo: SQL, hi: SQL, tz: SQL): SQL {
  return localDays(
    lo,
    hi,
    tz,
    (day) => sql`${window.weekDays} @> ${weekDayOf(day)}
      and ${day} * ${DAY_MS} + ${window.startMinute} * ${MINUTE_MS} < ${hi} + ${tz}
      and ${day} * ${DAY_MS} + ${window.endMinute} * ${MINUTE_MS} > ${lo} + ${tz}`,
  );
}

/** The locks of the scope: id, alias, timezone, passage mode and switches. */
function scopedLocks(scope: AccessScope): SQL {
  const columns = sql`${locks.id} as id, ${locks.name} as alias, ${locks.timezoneRawOffset}::bigint as tz,
    ${locks.passageMode} as passage_mode, ${locks.switches} as switches`;
  if ('lockId' in scope) return sql`select ${columns} from ${locks} where ${locks.id} = ${scope.lockId}`;
  const filed =
    'groupId' in scope
      ? sql` and exists (select 1 from ${lockGroupLocks} where ${lockGroupLocks.userId} = ${scope.userId}
          and ${lockGroupLocks.groupId} = ${scope.groupId} and ${lockGroupLocks.lockId} = ${locks.id})`
      : sql``;
  return sql.join(
    managedBranches(scope.userId, LockQueryType.all).map(
      (where) => sql`select ${columns} from ${locks} where ${where}${filed}`,
    ),
    sql` union all `,
  );
}

/**
 * Every credential of the scoped locks (`s`) that can open at all (held, in force, with what its
 * rule needs), in one shape: who and what it is, and its rule — `from_ms`/`to_ms` (null: open),
 * `week_days` (null: no cycle), `start_minute`/`end_minute`.
 */
function candidates(scope: AccessScope): SQL {
  const who = 'lockUser' in scope ? scope.lockUser : undefined;
  const eKeyPerson = who === undefined ? sql`` : sql` and lower(${ekeys.recipientAccount}) = ${who}`;
  const namedPerson = (alias: string) =>
    who === undefined ? sql`` : sql` and lower(btrim(${sql.raw(alias)}.name)) = ${who}`;
  const cyclicKey = sql`${ekeys.validityType} = ${ValidityType.cyclic}`;
  return sql`
    select ${CredentialKind.eKey}::text as kind, ${ekeys.id} as credential_id, ${ekeys.lockId} as lock_id,
      lower(${ekeys.recipientAccount}) as who, ${ekeys.recipientAccount} as user_name, ${ekeys.recipientAccount} as label,
      ${ekeys.keyName} as credential_name, ${ekeys.validityType} as validity_type, ${ms(sql`${ekeys.startDate}`)} as start_ms,
      ${ms(sql`${ekeys.endDate}`)} as end_ms, ${ekeys.status}::text as status, ${ekeys.keyRight} as key_right,
      case when ${ekeys.validityType} = ${ValidityType.permanent} then null else ${ms(sql`${ekeys.startDate}`)} end as from_ms,
      case when ${ekeys.validityType} = ${ValidityType.permanent} then null else ${ms(sql`${ekeys.endDate}`)} end as to_ms,
      case when ${cyclicKey} then ${ekeys.cycle} -> 'weekDays' end as week_days,
      (${ekeys.cycle} ->> 'startMinute')::int as start_minute, (${ekeys.cycle} ->> 'endMinute')::int as end_minute,
      s.tz, s.alias
    from ${ekeys} join scoped s on s.id = ${ekeys.lockId}
    where ${ekeys.status} in (${list(OPENING_EKEY_STATUSES)})${eKeyPerson}
      and (${ekeys.validityType} = ${ValidityType.permanent} or (${ekeys.startDate} is not null and ${ekeys.endDate} is not null))
      and (not ${cyclicKey} or jsonb_typeof(${ekeys.cycle}) = 'object')
    union all
    select ${CredentialKind.passcode}, p.id, p.lock_id, lower(btrim(p.name)), btrim(p.name), p.code, p.name,
      ${passcodeValiditySql}, ${ms(sql`p.start_date`)}, ${ms(sql`p.end_date`)}, p.status, 0,
      case when p.type = ${PasscodeType.cyclic} then null else ${ms(sql`p.start_date`)} end,
      case when p.type = ${PasscodeType.cyclic} then null else ${ms(sql`p.end_date`)} end,
      case when p.type = ${PasscodeType.cyclic} then ${passcodeWeekDaysSql} end,
      p.cycle_start_hour * 60, p.cycle_end_hour * 60, s.tz, s.alias
    from ${passcodes} p join scoped s on s.id = p.lock_id
    where p.status in (${list(OPENING_PASSCODE_STATUSES)})${namedPerson('p')} and p.type <> ${PasscodeType.clear}
      and (p.type <> ${PasscodeType.cyclic}
        or (p.cycle_type is not null and p.cycle_start_hour is not null and p.cycle_end_hour is not null))
    union all
    select ${lockCredentialKindSql}, c.id, c.lock_id, lower(btrim(c.name)), btrim(c.name), c.number, c.name,
      c.validity_type, ${ms(sql`c.start_date`)}, ${ms(sql`c.end_date`)}, c.status::text, 0,
      ${ms(sql`c.start_date`)}, ${ms(sql`c.end_date`)},
      case when jsonb_typeof(c.cycle) = 'object' then c.cycle -> 'weekDays' end,
      (c.cycle ->> 'startMinute')::int, (c.cycle ->> 'endMinute')::int, s.tz, s.alias
    from ${lockCredentials} c join scoped s on s.id = c.lock_id
    where c.status in (${list(OPENING_CREDENTIAL_STATUSES)})${namedPerson('c')}`;
}

/** SQL: the candidate `c` opens at some moment of the window. */
function opensWithin(window: AccessWindow): SQL {
  const lo = sql`greatest(${window.from}::bigint, c.from_ms)`;
  const hi = sql`least(${window.to}::bigint, c.to_ms)`;
  const weekly = { weekDays: sql`c.week_days`, startMinute: sql`c.start_minute`, endMinute: sql`c.end_minute` };
  return sql`${lo} < ${hi} and (c.week_days is null or ${windowMeets(weekly, lo, hi, sql`c.tz`)})`;
}

/**
 * SQL: the scoped lock `s` is in passage mode at some moment of the window: on, and inside one
 * of its periods on one of the local days the window touches (with all-day passage, the whole of
 * their weekdays, or every day without one). The periods are read by JSON path, day by day.
 */
function inPassageMode(window: AccessWindow): SQL {
  const lo = sql`${window.from}::bigint`;
  const hi = sql`${window.to}::bigint`;
  const periods = sql`s.passage_mode -> 'periods'`;
  const allDay = sql`(s.switches ->> ${LockSwitch.allDayPassage}) = ${String(Switch.on)}`;
  const open = localDays(
    lo,
    hi,
    sql`s.tz`,
    (day) => sql`case when ${allDay}
      then jsonb_array_length(${periods}) = 0
        or jsonb_path_exists(${periods}, '$[*] ? (@.weekDays[*] == $day)', jsonb_build_object('day', ${weekDayOf(day)}))
      else jsonb_path_exists(${periods}, '$[*] ? (@.weekDays[*] == $day && @.startMinute * 60000 < $hi && @.endMinute * 60000 > $lo)',
        jsonb_build_object('day', ${weekDayOf(day)}, 'lo', ${lo} + s.tz - ${day} * ${DAY_MS}, 'hi', ${hi} + s.tz - ${day} * ${DAY_MS})) end`,
  );
  return sql`(s.passage_mode ->> 'passageMode')::int = ${Switch.on} and ${open}`;
}

const asJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The one statement of a question (accessAnswer runs it; a benchmark explains it). */
export function accessStatement(scope: AccessScope, window: AccessWindow, page: Paging, passageMax: number): SQL {
  return sql`with scoped as (${scopedLocks(scope)}),
    opening as (select c.* from (${candidates(scope)}) c where ${opensWithin(window)}),
    passage as (select s.* from scoped s where ${inPassageMode(window)})
    select (select count(*)::int from opening) as total,
      (select coalesce(json_agg(json_build_object(
          'kind', o.kind, 'credentialId', o.credential_id, 'label', o.label, 'name', o.credential_name,
          'validityType', o.validity_type, 'startDate', o.start_ms, 'endDate', o.end_ms, 'status', o.status,
          'keyRight', o.key_right, 'lockUser', o.who, 'userName', o.user_name, 'lockId', o.lock_id,
          'lockAlias', o.alias, 'timezoneRawOffset', o.tz,
          'cycle', case when o.week_days is null then null else json_build_object(
            'weekDays', o.week_days, 'startMinute', o.start_minute, 'endMinute', o.end_minute) end)
        order by o.alias, o.lock_id, o.who, o.kind, o.credential_id), '[]'::json)
        from (select * from opening order by alias, lock_id, who, kind, credential_id
          limit ${page.pageSize} offset ${offsetOf(page.pageNo, page.pageSize)}) o) as list,
      (select count(*)::int from passage) as passage_count,
      (select coalesce(json_agg(json_build_object('lockId', p.id, 'lockAlias', p.alias, 'timezoneRawOffset', p.tz,
          'allDay', coalesce((p.switches ->> ${LockSwitch.allDayPassage}) = ${String(Switch.on)}, false),
          'periods', p.passage_mode -> 'periods') order by p.alias, p.id), '[]'::json)
        from (select * from passage order by alias, id limit ${passageMax}) p) as passage_locks`;
}

/**
 * The answer to one question, in one statement: a page of what opens (by lock name, person, kind),
 * how many in all, and the scope's locks in passage mode then (at most `passageMax`, by name).
 */
export async function accessAnswer(
  db: Executor,
  scope: AccessScope,
  window: AccessWindow,
  page: Paging,
  passageMax: number,
): Promise<Omit<AccessAnswer, 'pageNo' | 'pageSize' | 'pages'>> {
  // The day series covers no more (the service refuses longer ranges with accessWindowExceeded).
  if (window.to - window.from > ACCESS_WINDOW_MAX_DAYS * DAY_MS) throw new Error('access window too long');
  const result = (await db.execute(accessStatement(scope, window, page, passageMax))) as unknown as {
    rows: { total: number; list: unknown; passage_count: number; passage_locks: unknown }[];
  };
  const [row] = result.rows;
  return {
    total: Number(row?.total ?? 0),
    list: asJson<AccessAnswer['list']>(row?.list ?? '[]').map((item) => ({
      ...item,
      credentialId: Number(item.credentialId),
      startDate: item.startDate === null ? null : Number(item.startDate),
      endDate: item.endDate === null ? null : Number(item.endDate),
      timezoneRawOffset: Number(item.timezoneRawOffset),
    })),
    passageLockCount: Number(row?.passage_count ?? 0),
    passageLocks: asJson<AccessAnswer['passageLocks']>(row?.passage_locks ?? '[]').map((lock) => ({
      ...lock,
      timezoneRawOffset: Number(lock.timezoneRawOffset),
    })),
  };
}
