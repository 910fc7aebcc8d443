import type { LockRecordItem } from '@smartlock/contract';
import { cursorOf, type RecordListQuery, type RecordRow } from './lockRecordQueries';

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
 * One page of a lock's records as the list answers it: the total counted exactly up to
 * `countCap`, above it the cap with totalExact false; nextCursor the last row's position when
 * more rows follow (the query read one row more than the page).
 */
export function presentRecordPage(
  query: Pick<RecordListQuery, 'pageNo' | 'pageSize'>,
  { rows, counted }: { rows: RecordRow[]; counted: number },
  countCap: number,
) {
  const totalExact = counted <= countCap;
  const total = totalExact ? counted : countCap;
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
