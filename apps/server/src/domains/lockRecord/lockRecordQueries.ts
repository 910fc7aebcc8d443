import {
  CredentialKind,
  QUERY_TYPE_OF_FILTER,
  RECORD_TYPES_OF_QUERY,
  type RecordCredentialFilter,
  RecordQueryType,
} from '@smartlock/contract';
import { type AnyColumn, and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  ekeys,
  lockCredentials,
  lockRecords,
  locks,
  notifications,
  passcodes,
  recordSearchText,
  users,
} from '../../db/schema';
import { containsPattern, offsetOf } from '../../http/paging';
import { IN_FORCE_EKEY_STATUSES } from '../ekey/ekeyStatus';

export type RecordRow = typeof lockRecords.$inferSelect;

/** The record types a query type selects; undefined for "all" (no condition). */
export function recordTypesOf(queryType: number): readonly number[] | undefined {
  return queryType === RecordQueryType.all ? undefined : (RECORD_TYPES_OF_QUERY[queryType] ?? []);
}

/** SQL: the query type's record types and startDate ≤ lock time < endDate (each when given). */
export function typeAndTimeConditions(selection: {
  queryType: number;
  startDate?: number | undefined;
  endDate?: number | undefined;
}): (SQL | undefined)[] {
  const types = recordTypesOf(selection.queryType);
  return [
    types ? inArray(lockRecords.recordType, [...types]) : undefined,
    selection.startDate !== undefined ? gte(lockRecords.lockDate, new Date(selection.startDate)) : undefined,
    selection.endDate !== undefined ? lt(lockRecords.lockDate, new Date(selection.endDate)) : undefined,
  ];
}

export interface RecordListQuery extends Partial<Record<Exclude<RecordCredentialFilter, 'keyId'>, string>> {
  lockId: number;
  queryType: number;
  keyId?: number | undefined;
  searchStr?: string | undefined;
  startDate?: number | undefined;
  endDate?: number | undefined;
  pageNo: number;
  pageSize: number;
  cursor?: string | undefined;
}

/** SQL: the records of a list's selection (lock, query type, credential, person, time range). */
function listConditions(query: RecordListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(lockRecords.lockId, query.lockId), ...typeAndTimeConditions(query)];
  if (query.keyId !== undefined) {
    conditions.push(eq(lockRecords.credentialKind, CredentialKind.eKey), eq(lockRecords.credentialId, query.keyId));
  }
  for (const [filter, queryType] of Object.entries(QUERY_TYPE_OF_FILTER)) {
    if (filter === 'keyId') continue; // an eKey is found by its id
    const value = query[filter as Exclude<RecordCredentialFilter, 'keyId'>];
    if (value === undefined || value === '') continue;
    conditions.push(
      inArray(lockRecords.recordType, [...(RECORD_TYPES_OF_QUERY[queryType] ?? [])]),
      eq(lockRecords.credential, value),
    );
  }
  if (query.searchStr) {
    // One contains-match over who, account and credential, served by the trigram index. The
    // contract refuses control characters in a search, so no match spans two of the fields.
    conditions.push(ilike(recordSearchText(lockRecords), containsPattern(query.searchStr)));
  }
  return and(...conditions);
}

/** A keyset position: a row's lock time (epoch ms) and id, as "lockDateMs:id". */
export function cursorOf(row: Pick<RecordRow, 'lockDate' | 'id'>): string {
  return `${row.lockDate.getTime()}:${row.id}`;
}

/** SQL: rows strictly after a keyset position in the order lock time desc, id desc. */
export function afterPosition(lockDateMs: number, id: number | string): SQL {
  return sql`(${lockRecords.lockDate}, ${lockRecords.id}) < (${new Date(lockDateMs).toISOString()}::timestamptz, ${String(id)}::bigint)`;
}

function afterCursor(cursor: string): SQL {
  const [ms, id] = cursor.split(':') as [string, string];
  return afterPosition(Number(ms), id);
}

/**
 * One page of a lock's records, newest first (lock time desc, id desc), and one row more when
 * more follow. With a cursor the page starts strictly after it (keyset: as fast on page 10,000 as
 * on page 1); else pageNo skips rows. `counted`: the matching rows counted up to `countCap` + 1
 * (a count over at most that many rows). A page by number that ends the list (no row more) tells
 * the count itself, so the count is only run when more rows follow: a search that matches a
 * handful of records reads them once, not twice.
 */
export async function listRecordRows(
  db: Executor,
  query: RecordListQuery,
  countCap: number,
): Promise<{ rows: RecordRow[]; counted: number }> {
  const where = listConditions(query);
  const offset = query.cursor ? 0 : offsetOf(query.pageNo, query.pageSize);
  const rows = await db
    .select()
    .from(lockRecords)
    .where(query.cursor ? and(where, afterCursor(query.cursor)) : where)
    .orderBy(desc(lockRecords.lockDate), desc(lockRecords.id))
    .limit(query.pageSize + 1)
    .offset(offset);
  const endsTheList = !query.cursor && rows.length <= query.pageSize && (offset === 0 || rows.length > 0);
  if (endsTheList) return { rows, counted: offset + rows.length };
  const counted = db
    .select({ one: sql`1`.as('one') })
    .from(lockRecords)
    .where(where)
    .limit(countCap + 1)
    .as('counted');
  const [counts] = await db.select({ n: count() }).from(counted);
  return { rows, counted: counts?.n ?? 0 };
}

/** One of the owner's locks by MAC, with what storing its records needs. */
export async function intakeLockOf(db: Executor, ownerId: number, lockMac: string) {
  const [lock] = await db
    .select({ id: locks.id, ownerId: locks.ownerId, name: locks.name, mac: locks.mac, switches: locks.switches })
    .from(locks)
    .where(and(eq(locks.mac, lockMac), eq(locks.ownerId, ownerId)));
  return lock;
}

export type StoredRecordRow = typeof lockRecords.$inferSelect;

/** Stores records, each once (a record the lock numbered before is skipped); the rows stored now. */
export async function insertNewRecords(db: Executor, records: (typeof lockRecords.$inferInsert)[]) {
  return db.insert(lockRecords).values(records).onConflictDoNothing().returning();
}

/** An unlock notice for the lock's owner. */
export async function insertUnlockNotice(
  db: Executor,
  ownerId: number,
  notice: { lockId: number; lockName: string; recordType: number; username: string; at: number },
): Promise<void> {
  await db
    .insert(notifications)
    .values({ userId: ownerId, kind: 'unlockNotice', lockId: notice.lockId, payload: notice });
}

/** The caller's eKeys of the lock whose status is in force, each with its lock. */
export async function keysInForceOf(db: Executor, userId: number, lockId: number) {
  return db
    .select({ key: ekeys, lock: locks })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .where(
      and(eq(ekeys.lockId, lockId), eq(ekeys.recipientId, userId), inArray(ekeys.status, [...IN_FORCE_EKEY_STATUSES])),
    );
}

/** The lock's eKeys sent to these accounts (lower case), newest first, with the holder's nickname. */
export async function keysSentTo(db: Executor, lockId: number, accounts: string[]) {
  return db
    .select({ id: ekeys.id, account: ekeys.recipientAccount, nickname: users.nickname })
    .from(ekeys)
    .leftJoin(users, eq(users.id, ekeys.recipientId))
    .where(and(eq(ekeys.lockId, lockId), inArray(sql`lower(${ekeys.recipientAccount})`, accounts)))
    .orderBy(desc(ekeys.createdAt), desc(ekeys.id));
}

/** The lock's passcodes with these codes, newest first. */
export async function passcodesWithCodes(db: Executor, lockId: number, codes: string[]) {
  return db
    .select({ id: passcodes.id, code: passcodes.code, name: passcodes.name })
    .from(passcodes)
    .where(and(eq(passcodes.lockId, lockId), inArray(passcodes.code, codes)))
    .orderBy(desc(passcodes.createdAt), desc(passcodes.id));
}

/** The lock's stored credentials of these kinds with these numbers, newest first. */
export async function credentialsWithNumbers(db: Executor, lockId: number, kinds: string[], numbers: string[]) {
  return db
    .select({
      id: lockCredentials.id,
      kind: lockCredentials.kind,
      number: lockCredentials.number,
      name: lockCredentials.name,
    })
    .from(lockCredentials)
    .where(
      and(
        eq(lockCredentials.lockId, lockId),
        inArray(lockCredentials.kind, kinds),
        inArray(lockCredentials.number, numbers),
      ),
    )
    .orderBy(desc(lockCredentials.createdAt), desc(lockCredentials.id));
}

/** What an export selects: its locks, query type and time range. */
export interface ExportSelection {
  lockIds: number[];
  queryType: number;
  startDate: number;
  endDate: number;
}

/** The database's clock: an export's rows are those stored by then. */
export async function databaseNow(db: Executor): Promise<Date> {
  const result = (await db.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
  return new Date(result.rows[0]?.now ?? Date.now());
}

/** The rows an export selects (stored by `asOf` when given), counted over at most `limit` rows. */
export async function countExportRows(
  db: Executor,
  selection: ExportSelection,
  asOf: Date | undefined,
  limit: number,
): Promise<number> {
  const counted = db
    .select({ one: sql`1`.as('one') })
    .from(lockRecords)
    .where(
      and(
        inArray(lockRecords.lockId, selection.lockIds),
        ...typeAndTimeConditions(selection),
        asOf ? lte(lockRecords.serverDate, asOf) : undefined,
      ),
    )
    .limit(limit)
    .as('counted');
  const [row] = await db.select({ n: count() }).from(counted);
  return row?.n ?? 0;
}

/** An export's locks in the file's order (name, id), with their time zones. */
export async function exportLocks(db: Executor, lockIds: number[]) {
  return db
    .select({ id: locks.id, name: locks.name, offset: locks.timezoneRawOffset })
    .from(locks)
    .where(inArray(locks.id, lockIds))
    .orderBy(asc(locks.name), asc(locks.id));
}

/** A timestamp column in whole milliseconds since the epoch, as a number: no date text to parse per row. */
const epochMs = (column: AnyColumn) => sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number);

/**
 * One keyset batch of a lock's exported records, newest first, strictly after `after` when given;
 * the times as milliseconds since the epoch (`lockMs`, `serverMs`).
 */
export async function exportBatch(
  db: Executor,
  lockId: number,
  selection: ExportSelection,
  asOf: Date,
  after: { ms: number; id: number } | undefined,
  limit: number,
) {
  return db
    .select({
      id: lockRecords.id,
      recordType: lockRecords.recordType,
      success: lockRecords.success,
      person: lockRecords.person,
      credential: lockRecords.credential,
      lockMs: epochMs(lockRecords.lockDate),
      serverMs: epochMs(lockRecords.serverDate),
      battery: lockRecords.battery,
    })
    .from(lockRecords)
    .where(
      and(
        eq(lockRecords.lockId, lockId),
        ...typeAndTimeConditions(selection),
        lte(lockRecords.serverDate, asOf),
        after ? afterPosition(after.ms, after.id) : undefined,
      ),
    )
    .orderBy(desc(lockRecords.lockDate), desc(lockRecords.id))
    .limit(limit);
}
