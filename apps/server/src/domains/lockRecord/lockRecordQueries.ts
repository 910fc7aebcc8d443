import {
  CredentialKind,
  type LockRecordItem,
  QUERY_TYPE_OF_FILTER,
  RECORD_COUNT_CAP,
  RECORD_SEARCH_COUNT_CAP,
  RECORD_TYPES_OF_QUERY,
  type RecordCredentialFilter,
  RecordQueryType,
} from '@smartlock/contract';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lockRecords } from '../../db/schema';
import { containsPattern, offsetOf } from '../../http/paging';

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
    const pattern = containsPattern(query.searchStr);
    conditions.push(
      or(
        ilike(lockRecords.person, pattern),
        ilike(lockRecords.username, pattern),
        ilike(lockRecords.credential, pattern),
      ),
    );
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

export function presentRecord(r: RecordRow): LockRecordItem {
  return {
    recordId: r.id,
    lockId: r.lockId,
    recordType: r.recordType,
    success: r.success,
    username: r.username,
    keyboardPwd: r.credential,
    person: r.person,
    credentialKind: r.credentialKind,
    credentialId: r.credentialId,
    lockDate: r.lockDate.getTime(),
    serverDate: r.serverDate.getTime(),
    battery: r.battery,
  };
}

/**
 * One page of a lock's records, newest first (lock time desc, id desc). With a cursor the page
 * starts strictly after it (keyset: as fast on page 10,000 as on page 1); else pageNo skips rows.
 * The total is counted exactly up to `countCap` (a count over at most cap + 1 rows), above it
 * the cap with totalExact false. nextCursor: the last row's position when more rows follow.
 */
export async function listRecords(
  db: Executor,
  query: RecordListQuery,
  countCap = query.searchStr ? RECORD_SEARCH_COUNT_CAP : RECORD_COUNT_CAP,
) {
  const where = listConditions(query);
  const counted = db
    .select({ one: sql`1`.as('one') })
    .from(lockRecords)
    .where(where)
    .limit(countCap + 1)
    .as('counted');
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(lockRecords)
      .where(query.cursor ? and(where, afterCursor(query.cursor)) : where)
      .orderBy(desc(lockRecords.lockDate), desc(lockRecords.id))
      .limit(query.pageSize + 1)
      .offset(query.cursor ? 0 : offsetOf(query.pageNo, query.pageSize)),
    db.select({ n: count() }).from(counted),
  ]);
  const n = counts?.n ?? 0;
  const totalExact = n <= countCap;
  const total = totalExact ? n : countCap;
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    list: page.map(presentRecord),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
    total,
    totalExact,
    nextCursor: rows.length > query.pageSize && last ? cursorOf(last) : null,
  };
}
