import type { DataOf } from '@smartlock/contract';
import { credentialSync } from '@smartlock/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

export type SyncSummary = DataOf<typeof credentialSync.summary>;
export type ReconcileReport = NonNullable<SyncSummary['lastReport']>;

export const credentialSyncKeys = {
  summary: (lockId: number) => [...QUERY_ROOT.credentialSync, 'summary', lockId] as const,
};

/** A lock's credentials counted by their state on the lock, and its last check. */
export function useSyncSummary(lockId: number) {
  const { api } = useConsole();
  return useQuery({
    queryKey: credentialSyncKeys.summary(lockId),
    queryFn: () => api.call(credentialSync.summary, { lockId }),
  });
}

/** Checks the lock (reads what it stores through its gateway); resolves to the operation to follow. */
export const useReconcile = () => useCallMutation(credentialSync.reconcile);
