/**
 * Who may manage a lock's credentials: whoever manages the lock (lockAccess.ts holds the one
 * rule — the owner, or an authorized administrator inside their key's validity).
 */
export {
  type ManagedLock as CredentialManager,
  managedLock as credentialManager,
  requireOwner,
} from './lockAccess';
