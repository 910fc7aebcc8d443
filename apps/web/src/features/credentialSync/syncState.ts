import type { CredentialSyncState } from '@smartlock/contract';

/** The reasons the console words; any other shows as its code. */
const REASONS = new Set([
  'timeout',
  'gatewayOffline',
  'linkDown',
  'lockNotConnectedToGateway',
  'lockBusy',
  'lockOutOfRange',
  'expired',
  'storageFull',
  'duplicatePasscode',
  'rejected',
  'unsupported',
  'malformed',
  'missingOnLock',
]);

const COLOR: Record<CredentialSyncState, string> = {
  pending: 'processing',
  onLock: 'success',
  failed: 'error',
  removalPending: 'processing',
  removed: 'default',
};

export function syncStateKey(state: CredentialSyncState): string {
  return `credentialSync.state.${state}`;
}

export function syncStateColor(state: CredentialSyncState): string {
  return COLOR[state];
}

/** The i18n key of why a credential failed (a remote operation's error, or missing on the lock). */
export function syncReasonKey(reason: string): string {
  return REASONS.has(reason) ? `credentialSync.reason.${reason}` : 'credentialSync.reason.other';
}

/** The i18n key of a kind a reconciliation names (passcode, card, fingerprint...). */
export function syncKindKey(kind: string): string {
  return `credentialSync.kind.${kind}`;
}
