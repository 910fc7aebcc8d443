import { z } from 'zod';
import { CREDENTIAL_SYNC_STATES } from '../enums/credentialSync';
import { defineCall } from './define';
import { idField } from './fields';
import { remoteOperation } from './remoteOperation';

/** A credential's state on the lock, as the passcode and credential lists show it (all optional: older clients). */
export const credentialSyncFields = {
  /** pending, onLock, failed, removalPending or removed (docs/stays.md, "Credentials on the lock"). */
  syncState: z.enum(CREDENTIAL_SYNC_STATES).optional(),
  /** Why its last operation failed (timeout, gatewayOffline, storageFull, missingOnLock...), else null. */
  syncError: z.string().nullable().optional(),
  /** When it is tried again (epoch ms); null when it is not (it is not failed, or retries are spent). */
  nextRetryAt: z.number().nullable().optional(),
};

/** The most entries of each list a reconciliation report keeps (its counts are whole). */
export const RECONCILE_REPORT_ITEMS_MAX = 200;

/** One credential a reconciliation names: its kind (`passcode` or a stored kind), its number or digits, the cloud's id. */
const reportedCredential = z.object({
  kind: z.string(),
  /** A passcode's digits, a card's or key fob's number, a fingerprint's id...: what the lock knows it by. */
  value: z.string(),
  /** The cloud's id (keyboardPwdId or credentialId); null for what the cloud does not know. */
  id: z.number().int().nullable(),
});

/** The last reconciliation of a lock: what was missing from the lock (re-sent) and what the lock had unknown to the cloud. */
export const reconcileReport = z.object({
  operationId: z.string(),
  /** When the lock answered (or the reconciliation failed), epoch ms. */
  checkedAt: z.number(),
  /** Why the lock could not be read (the operation's failure), else null. */
  error: z.string().nullable(),
  missingCount: z.number().int(),
  unknownCount: z.number().int(),
  /** Re-sent to the lock (state pending again), at most RECONCILE_REPORT_ITEMS_MAX. */
  missing: z.array(reportedCredential),
  /** On the lock but unknown to the cloud: reported, not deleted. At most RECONCILE_REPORT_ITEMS_MAX. */
  unknown: z.array(reportedCredential),
});
export type ReconcileReport = z.infer<typeof reconcileReport>;

export const syncSummary = z.object({
  lockId: z.number().int(),
  /** The lock's passcodes and stored credentials by state on the lock (removed ones not counted). */
  counts: z.object({
    pending: z.number().int(),
    onLock: z.number().int(),
    failed: z.number().int(),
    removalPending: z.number().int(),
  }),
  /** Failed ones that will be tried again. */
  retrying: z.number().int(),
  lastReport: reconcileReport.nullable(),
});
export type SyncSummary = z.infer<typeof syncSummary>;

export const reconcile = defineCall({
  path: '/credentialSync/reconcile',
  method: 'POST',
  auth: 'session',
  summary:
    "Check the lock: read what it stores through its gateway, re-send the passcodes and credentials the cloud says it holds but it lacks (pending again), and report what it holds that the cloud does not know (not deleted). The report is kept as the lock's last (credentialSync/summary).",
  params: z.object({ lockId: idField }),
  data: z.object({ operation: remoteOperation }),
});

export const summary = defineCall({
  path: '/credentialSync/summary',
  method: 'GET',
  auth: 'session',
  summary:
    "A lock's passcodes and stored credentials counted by their state on the lock (pending, on the lock, failed, removal pending), how many failed ones will be retried, and the last reconciliation's report.",
  params: z.object({ lockId: idField }),
  data: syncSummary,
});
