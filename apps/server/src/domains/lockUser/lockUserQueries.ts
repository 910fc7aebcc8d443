import {
  CardStatus,
  CredentialKind,
  LOCK_CREDENTIAL_KINDS,
  PasscodeStatus,
  PasscodeType,
  passcodeValidityType,
} from '@smartlock/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ekeys, lockCredentials, locks, passcodes, users } from '../../db/schema';
import { ENDED_EKEY_STATUSES } from '../ekey/ekeyStatus';
import { managedLockCondition } from '../lock/lockQueries';

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

const lockCredentialKindSql = sql.raw(
  `case c.kind ${LOCK_CREDENTIAL_KINDS.map((kind) => `when '${kind}' then '${CredentialKind[kind]}'`).join(' ')} end`,
);

/**
 * A passcode's ValidityType from its type (and whether it ends), by the contract's mapping, so
 * every kind's rows share one validity vocabulary (permanent, limited, once, cyclic).
 */
const passcodeValiditySql = sql.raw(
  `case p.type ${Object.values(PasscodeType)
    .map((type) => {
      const ending = passcodeValidityType(type, true);
      const open = passcodeValidityType(type, false);
      return `when ${type} then ${ending === open ? ending : `case when p.end_date is null then ${open} else ${ending} end`}`;
    })
    .join(' ')} end`,
);

function scopedLocks(scope: HoldingScope): SQL {
  const conditions = [scope.ownedOnly ? sql`${locks.ownerId} = ${scope.userId}` : managedLockCondition(scope.userId)];
  if (scope.lockIds) {
    conditions.push(
      scope.lockIds.length === 0 ? sql`false` : sql`${locks.id} in (${sql.join([...scope.lockIds], sql`, `)})`,
    );
  }
  return sql`select ${locks.id} as id, ${locks.name} as alias, ${locks.timezoneRawOffset} as tz, ${locks.ownerId} as owner_id
    from ${locks} where ${sql.join(conditions, sql` and `)}`;
}

const endedKeys = sql.join(
  ENDED_EKEY_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The holdings as a SQL subquery (columns as HoldingRow, snake_case), for the lists to filter,
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
      s.owner_id as owner_id
    from ${ekeys} join scoped s on s.id = ${ekeys.lockId}
      left join ${users} on ${users.id} = ${ekeys.recipientId}
    where ${ekeys.status} not in (${endedKeys})
      and (${ekeys.recipientId} is null or ${ekeys.recipientId} <> ${scope.userId})
    union all
    select lower(btrim(p.name)), btrim(p.name), null, null, ${CredentialKind.passcode}, p.id, p.code, p.name,
      ${passcodeValiditySql}, ${epochMs(sql`p.start_date`)}, ${epochMs(sql`p.end_date`)}, p.status, 0, null,
      s.id, s.alias, s.tz, s.owner_id
    from ${passcodes} p join scoped s on s.id = p.lock_id
    where btrim(p.name) <> '' and p.status not in (${PasscodeStatus.deleted}, ${PasscodeStatus.reset})
    union all
    select lower(btrim(c.name)), btrim(c.name), null, null, ${lockCredentialKindSql}, c.id, c.number, c.name,
      c.validity_type, ${epochMs(sql`c.start_date`)}, ${epochMs(sql`c.end_date`)}, c.status::text, 0, null,
      s.id, s.alias, s.tz, s.owner_id
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
