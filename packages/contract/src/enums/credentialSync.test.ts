import { describe, expect, it } from 'vitest';
import { CardStatus, CredentialStatus, PasscodeStatus } from './credential';
import {
  CREDENTIAL_RETRY_DELAYS_MS,
  nextCredentialRetryAt,
  passcodeSyncState,
  storedCredentialSyncState,
} from './credentialSync';

describe('a credential’s state on the lock', () => {
  it('reads every passcode status as one state', () => {
    expect(passcodeSyncState(PasscodeStatus.adding)).toBe('pending');
    expect(passcodeSyncState(PasscodeStatus.updating)).toBe('pending');
    expect(passcodeSyncState(PasscodeStatus.normal)).toBe('onLock');
    expect(passcodeSyncState(PasscodeStatus.willBeValid)).toBe('onLock');
    expect(passcodeSyncState(PasscodeStatus.invalid)).toBe('onLock');
    expect(passcodeSyncState(PasscodeStatus.addFailed)).toBe('failed');
    expect(passcodeSyncState(PasscodeStatus.updateFailed)).toBe('failed');
    expect(passcodeSyncState(PasscodeStatus.deleteFailed)).toBe('failed');
    expect(passcodeSyncState(PasscodeStatus.deleting)).toBe('removalPending');
    expect(passcodeSyncState(PasscodeStatus.deleted)).toBe('removed');
  });

  it('reads cards and the other stored kinds alike, a lost card as removed', () => {
    expect(storedCredentialSyncState(CredentialStatus.adding)).toBe('pending');
    expect(storedCredentialSyncState(CredentialStatus.normal)).toBe('onLock');
    expect(storedCredentialSyncState(CredentialStatus.willBeValid)).toBe('onLock');
    expect(storedCredentialSyncState(CredentialStatus.addFailed)).toBe('failed');
    expect(storedCredentialSyncState(CredentialStatus.deleteFailed)).toBe('failed');
    expect(storedCredentialSyncState(CredentialStatus.deleting)).toBe('removalPending');
    expect(storedCredentialSyncState(CardStatus.lost)).toBe('removed');
    expect(storedCredentialSyncState(CardStatus.uploadLost)).toBe('removalPending');
  });
});

describe('the retry schedule of a failed credential', () => {
  const now = 1_000_000;

  it('waits 1 min, 5 min, 15 min, 1 h, 6 h, then gives up', () => {
    const waits = [1, 2, 3, 4, 5].map((failures) => (nextCredentialRetryAt('timeout', failures, now) ?? 0) - now);
    expect(waits).toEqual([60_000, 300_000, 900_000, 3_600_000, 21_600_000]);
    expect(nextCredentialRetryAt('timeout', CREDENTIAL_RETRY_DELAYS_MS.length + 1, now)).toBeUndefined();
  });

  it('retries an offline gateway or a busy lock, never a refusal such as a full memory', () => {
    expect(nextCredentialRetryAt('gatewayOffline', 1, now)).toBe(now + 60_000);
    expect(nextCredentialRetryAt('lockBusy', 1, now)).toBe(now + 60_000);
    expect(nextCredentialRetryAt('storageFull', 1, now)).toBeUndefined();
    expect(nextCredentialRetryAt('duplicatePasscode', 1, now)).toBeUndefined();
  });
});
