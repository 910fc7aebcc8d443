import { CREDENTIAL_SYNC_OUTCOMES } from './domains/credentialSync/credentialSyncOutcome';
import { EKEY_OPERATION_OUTCOMES } from './domains/ekey/ekeyOutcome';
import { LOCK_OPERATION_OUTCOMES } from './domains/lock/lockOperationOutcome';
import { STORED_CREDENTIAL_OUTCOMES } from './domains/lockCredential/lockCredentialOutcome';
import { PASSCODE_OPERATION_OUTCOMES } from './domains/passcode/passcodeOutcome';
import type { OperationOutcomes } from './domains/remoteOperation/operationOutcomes';

/**
 * How each device command's operation ends, from the domain it is for: the lock's own commands
 * (state, settings, passage mode...), passcodes, eKey revocations and the stored credentials
 * (cards, fingerprints, faces, palm veins, QR codes, key fobs), and a reconciliation's read of what
 * the lock stores (credentialSync). The type asks for exactly one
 * outcome per command; the remote-operation engine checks it again when it starts.
 */
export const OPERATION_OUTCOMES: OperationOutcomes = {
  ...LOCK_OPERATION_OUTCOMES,
  ...PASSCODE_OPERATION_OUTCOMES,
  ...EKEY_OPERATION_OUTCOMES,
  ...STORED_CREDENTIAL_OUTCOMES,
  ...CREDENTIAL_SYNC_OUTCOMES,
};

/** The commands that set or remove a credential in the lock (webhooks: credential.set, credential.failed). */
export const CREDENTIAL_COMMANDS: ReadonlySet<string> = new Set([
  ...Object.keys(PASSCODE_OPERATION_OUTCOMES),
  ...Object.keys(EKEY_OPERATION_OUTCOMES),
  ...Object.keys(STORED_CREDENTIAL_OUTCOMES),
]);
