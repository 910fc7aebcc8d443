/**
 * A credential's state on the lock (docs/stays.md, "Credentials on the lock"): one model for
 * passcodes and for the credentials a lock stores (cards, fingerprints, faces, palm veins, QR
 * codes, key fobs), read from the status each keeps.
 */
import { CardStatus, PasscodeStatus } from './credential';

export const CREDENTIAL_SYNC_STATES = ['pending', 'onLock', 'failed', 'removalPending', 'removed'] as const;
export type CredentialSyncState = (typeof CREDENTIAL_SYNC_STATES)[number];

/**
 * A passcode's state on the lock: being added or changed is pending; in force (will be valid
 * and expired too: the lock holds it) is on the lock; an add, change or deletion that failed is
 * failed; being deleted is removal pending; deleted (or reset) is removed.
 */
export function passcodeSyncState(status: string): CredentialSyncState {
  switch (status) {
    case PasscodeStatus.adding:
    case PasscodeStatus.updating:
    case PasscodeStatus.tenantAdding:
    case PasscodeStatus.tenantUpdating:
      return 'pending';
    case PasscodeStatus.addFailed:
    case PasscodeStatus.updateFailed:
    case PasscodeStatus.deleteFailed:
      return 'failed';
    case PasscodeStatus.deleting:
      return 'removalPending';
    case PasscodeStatus.deleted:
    case PasscodeStatus.reset:
      return 'removed';
    default:
      return 'onLock';
  }
}

/**
 * A stored credential's state on the lock (CardStatus; the other kinds use the same numbers):
 * as for passcodes, and a card reported lost is removed, one whose loss is still being sent to
 * the lock is removal pending.
 */
export function storedCredentialSyncState(status: number): CredentialSyncState {
  switch (status) {
    case CardStatus.adding:
    case CardStatus.updating:
    case CardStatus.tenantAdding:
    case CardStatus.tenantUpdating:
    case CardStatus.tenantAddingNew:
    case CardStatus.tenantUpdatingNew:
      return 'pending';
    case CardStatus.addFailed:
    case CardStatus.updateFailed:
    case CardStatus.deleteFailed:
      return 'failed';
    case CardStatus.deleting:
    case CardStatus.uploadLost:
      return 'removalPending';
    case CardStatus.lost:
      return 'removed';
    default:
      return 'onLock';
  }
}

/**
 * Why an operation failed that another try may mend: the gateway was offline or lost, the lock
 * did not answer in time, was busy or out of the gateway's reach, the command came too late.
 * A refusal by the lock (memory full, duplicate, unsupported...) is never retried.
 */
export const RETRYABLE_SYNC_ERRORS: ReadonlySet<string> = new Set([
  'timeout',
  'gatewayOffline',
  'linkDown',
  'lockNotConnectedToGateway',
  'lockBusy',
  'lockOutOfRange',
  'expired',
]);

/** The waits before each retry of a failed credential (1 min, 5 min, 15 min, 1 h, 6 h); then it stays failed. */
export const CREDENTIAL_RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 900_000, 3_600_000, 21_600_000];

/**
 * When a credential that has now failed `failures` times (1 the first) is tried again, or
 * undefined when it is not: its failure is no retryable one, or every retry was spent.
 */
export function nextCredentialRetryAt(error: string, failures: number, now: number): number | undefined {
  if (!RETRYABLE_SYNC_ERRORS.has(error)) return undefined;
  const delay = CREDENTIAL_RETRY_DELAYS_MS[failures - 1];
  return delay === undefined ? undefined : now + delay;
}

/** The reason a credential was found missing from its lock by a reconciliation (its `syncError` while re-sent). */
export const MISSING_ON_LOCK = 'missingOnLock';
