import { CallFailure } from './client';

/** How many times a failed read is tried again. */
const READ_RETRIES = 3;

/**
 * Whether a failed read is worth trying again: only when the answer did not come (the network,
 * an empty reply, a server or proxy error). A refusal the server gave (no permission, a bad
 * parameter, an expired login) comes out the same every time, and is shown at once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= READ_RETRIES) return false;
  if (!(error instanceof CallFailure)) return true;
  const { failure } = error;
  return failure.kind === 'network' || failure.kind === 'empty' || (failure.kind === 'http' && failure.status >= 500);
}
