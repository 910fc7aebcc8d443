import {
  type DeviceCommandResult,
  passcodeSyncState,
  RECONCILE_REPORT_ITEMS_MAX,
  storedCredentialSyncState,
} from '@smartlock/contract';
import type { LockCredentialRow } from '../lockCredential/lockCredentialQueries';
import type { PasscodeRow } from '../passcode/passcodeQueries';

/** One credential a reconciliation names. */
export interface DriftItem {
  kind: string;
  value: string;
  id: number | null;
}

/** How a lock differs from what the cloud says it holds. */
export interface LockDrift {
  /** Passcodes on the lock by the cloud's word, not on it: to send again. */
  missingPasscodes: PasscodeRow[];
  /** Stored credentials on the lock by the cloud's word, not on it: to send again. */
  missingCredentials: LockCredentialRow[];
  /** On the lock, unknown to the cloud (reported, never deleted). */
  unknown: DriftItem[];
}

/** Settled on the lock by the cloud's word: on it, and no operation or retry under way. */
const settled = (row: { operationId: string | null; syncNextAt: Date | null }) =>
  row.operationId === null && row.syncNextAt === null;

const keyOf = (kind: string, value: string) => `${kind}\n${value}`;

/**
 * Compares what a lock lists (listCredentials) with what the cloud knows of it: passcodes by
 * their digits, the other kinds by kind and value (what the lock recognises).
 */
export function lockDrift(
  listed: DeviceCommandResult<'listCredentials'>,
  passcodes: PasscodeRow[],
  credentials: LockCredentialRow[],
): LockDrift {
  const listedCodes = new Set(listed.passcodes.map((p) => p.code));
  const listedValues = new Set(listed.credentials.map((c) => keyOf(c.kind, c.value)));
  const knownCodes = new Set(passcodes.map((p) => p.code));
  const knownValues = new Set(credentials.flatMap((c) => (c.value === null ? [] : [keyOf(c.kind, c.value)])));
  return {
    missingPasscodes: passcodes.filter(
      (p) => passcodeSyncState(p.status) === 'onLock' && settled(p) && !listedCodes.has(p.code),
    ),
    missingCredentials: credentials.filter(
      (c) =>
        storedCredentialSyncState(c.status) === 'onLock' &&
        settled(c) &&
        c.value !== null &&
        !listedValues.has(keyOf(c.kind, c.value)),
    ),
    unknown: [
      ...listed.passcodes
        .filter((p) => !knownCodes.has(p.code))
        .map((p) => ({ kind: 'passcode', value: p.code, id: null })),
      ...listed.credentials
        .filter((c) => !knownValues.has(keyOf(c.kind, c.value)))
        .map((c) => ({ kind: c.kind, value: c.value, id: null })),
    ],
  };
}

/** The report's lists: what was missing (by the cloud's id and shown number) and what was unknown, bounded. */
export function reportLists(drift: LockDrift): { missing: DriftItem[]; unknown: DriftItem[] } {
  const missing = [
    ...drift.missingPasscodes.map((p) => ({ kind: 'passcode', value: p.code, id: p.id })),
    ...drift.missingCredentials.map((c) => ({ kind: c.kind, value: c.number, id: c.id })),
  ];
  return {
    missing: missing.slice(0, RECONCILE_REPORT_ITEMS_MAX),
    unknown: drift.unknown.slice(0, RECONCILE_REPORT_ITEMS_MAX),
  };
}
