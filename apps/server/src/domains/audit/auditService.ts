import type { AuditEntry } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { pageOf } from '../../http/paging';
import { managedLock } from '../lock/lockAccess';
import { type AuditEntryRow, type AuditListQuery, listEntries } from './auditQueries';
import type { AuditTrail } from './auditTrail';

const asRecord = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

function present(row: { entry: AuditEntryRow; actorAccount: string; lockAlias: string | null }): AuditEntry {
  const { entry } = row;
  return {
    seq: entry.seq,
    accountId: entry.accountId,
    at: entry.at,
    actorUserId: entry.actorUserId,
    actorAccount: row.actorAccount,
    actorKind: entry.actorKind,
    sessionId: entry.sessionId,
    apiKeyId: entry.apiKeyId,
    appId: entry.appId,
    ip: entry.ip,
    userAgent: entry.userAgent,
    path: entry.path,
    lockId: entry.lockId,
    lockAlias: row.lockAlias,
    target: asRecord(entry.target),
    params: asRecord(entry.params),
    before: entry.before === null ? null : asRecord(entry.before),
    after: entry.after === null ? null : asRecord(entry.after),
    prevHash: entry.prevHash,
    hash: entry.hash,
  };
}

/**
 * Who reads what of the trail: a user reads their own account's chain (their locks' trail, by
 * whoever made the change) and the entries of their own actions on others' locks; nothing else,
 * and verifies only their own chain.
 */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly trail: AuditTrail,
  ) {}

  /** A lock named as a filter must be one the caller manages now: a stranger learns nothing of it (noPermission, as everywhere). */
  async list(userId: number, query: AuditListQuery) {
    if (query.lockId !== undefined) await managedLock(this.db, userId, query.lockId);
    const { rows, total } = await listEntries(this.db, userId, query);
    return pageOf(rows.map(present), total, query.pageNo, query.pageSize);
  }

  async verify(userId: number) {
    const { accountId: _account, ...verdict } = await this.trail.verify(userId);
    return verdict;
  }
}
