import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The locks a call may reach when the caller limited it to some (an API key's lock subset,
 * docs/integrations.md): set by the router around the handler, for the whole call. `managedLock`
 * (lockAccess.ts) refuses a lock outside it as it refuses a stranger's, and the lock lists'
 * conditions (`lockSubsetCondition` in lockQueries.ts) leave such locks out, so every lock call
 * honours it without code of its own. Outside such a call there is no subset: every lock the
 * account manages.
 */
const subsetOfCall = new AsyncLocalStorage<ReadonlySet<number>>();

/** Runs `work` limited to these locks; null: no limit. */
export function withLockSubset<T>(lockIds: readonly number[] | null, work: () => Promise<T>): Promise<T> {
  return lockIds === null ? work() : subsetOfCall.run(new Set(lockIds), work);
}

/** The current call's lock subset, or undefined when it has none. */
export function currentLockSubset(): ReadonlySet<number> | undefined {
  return subsetOfCall.getStore();
}

/** Whether the current call may not reach this lock (it has a subset without it). */
export function outsideLockSubset(lockId: number): boolean {
  const subset = subsetOfCall.getStore();
  return subset !== undefined && !subset.has(lockId);
}
