import type { ReconcileReport } from '@smartlock/contract';
import type { SyncReportRow } from './credentialSyncQueries';

export function presentSyncReport(row: SyncReportRow): ReconcileReport {
  return {
    operationId: row.operationId,
    checkedAt: row.checkedAt.getTime(),
    error: row.error,
    missingCount: row.missingCount,
    unknownCount: row.unknownCount,
    missing: row.missing,
    unknown: row.unknown,
  };
}
