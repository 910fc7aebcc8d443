import {
  type CredentialSyncState,
  passcodeSyncState,
  type RemoteOperation,
  type SyncSummary,
  storedCredentialSyncState,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { credentialManager } from '../lock/credentialAccess';
import type { RemoteOperationService } from '../remoteOperation/remoteOperationService';
import { presentSyncReport } from './credentialSyncPresenter';
import { syncReportOf, syncStatusCounts } from './credentialSyncQueries';

type Counted = Exclude<CredentialSyncState, 'removed'>;

/**
 * Credentials on the lock (docs/stays.md): a lock's summary by state, and its reconciliation,
 * for whoever manages the lock's credentials (owner or authorized administrator).
 */
export class CredentialSyncService {
  constructor(
    private readonly db: Db,
    private readonly operations: RemoteOperationService,
  ) {}

  /** Reads what the lock stores through its gateway; its end compares and re-sends (credentialSyncOutcome). */
  async reconcile(userId: number, lockId: number): Promise<{ operation: RemoteOperation }> {
    const manager = await credentialManager(this.db, userId, lockId);
    const operation = await this.operations.start(userId, lockId, { name: 'listCredentials' }, { lock: manager.lock });
    return { operation };
  }

  async summary(userId: number, lockId: number): Promise<SyncSummary> {
    await credentialManager(this.db, userId, lockId);
    const { codes, stored } = await syncStatusCounts(this.db, lockId);
    const counts: Record<Counted, number> = { pending: 0, onLock: 0, failed: 0, removalPending: 0 };
    let retrying = 0;
    const add = (state: CredentialSyncState, row: { retrying: boolean; n: number }) => {
      if (state === 'removed') return;
      counts[state] += row.n;
      if (state === 'failed' && row.retrying) retrying += row.n;
    };
    for (const row of codes) add(passcodeSyncState(row.status), row);
    for (const row of stored) add(storedCredentialSyncState(row.status), row);
    const report = await syncReportOf(this.db, lockId);
    return { lockId, counts, retrying, lastReport: report ? presentSyncReport(report) : null };
  }
}
