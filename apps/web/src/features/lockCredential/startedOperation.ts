import type { RemoteOperation } from '@smartlock/contract';

/** An operation as a credential call answers it: any operation name (the contract adds the credential ones). */
export type StartedOperation = Omit<RemoteOperation, 'name'> & { name: string };

/**
 * The operation to follow: the follower reads its id, state, deadline and error, never its name,
 * so a credential operation is followed as any remote operation is.
 */
export function followable(operation: StartedOperation): RemoteOperation {
  return operation as RemoteOperation;
}
