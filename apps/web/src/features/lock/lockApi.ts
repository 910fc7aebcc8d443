import type { DataOf } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';
import { type LockListQuery, lockKeys } from './lockKeys';

export type LockListPage = DataOf<typeof lock.list>;
export type LockItem = LockListPage['list'][number];
export type LockDetail = DataOf<typeof lock.detail>;
export type PassageModeConfig = DataOf<typeof lock.getPassageModeConfig>;
export type TransferableLock = DataOf<typeof lock.listForTransfer>['list'][number];

export { ALL_LOCKS, type LockListQuery, type LockQueryTypeValue, lockKeys } from './lockKeys';

/** One page of the user's locks; the previous page stays on screen while the next loads. */
export function useLocks(query: LockListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: lockKeys.list(query),
    queryFn: () => api.call(lock.list, { ...query, lockName: query.lockName || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** One lock with every label and setting the lock-detail screen shows (read only while `enabled`). */
export function useLockDetail(lockId: number, enabled = true) {
  const { api } = useConsole();
  return useQuery({
    queryKey: lockKeys.detail(lockId),
    queryFn: () => api.call(lock.detail, { lockId }),
    enabled,
  });
}

/** A lock's passage mode as the lock last confirmed it. */
export function usePassageModeConfig(lockId: number) {
  const { api } = useConsole();
  return useQuery({
    queryKey: lockKeys.passageMode(lockId),
    queryFn: () => api.call(lock.getPassageModeConfig, { lockId }),
  });
}

/** One page of the locks the user owns and may transfer. */
export function useTransferableLocks(query: { pageNo: number; pageSize: number; lockName: string }) {
  const { api } = useConsole();
  return useQuery({
    queryKey: lockKeys.transferable(query),
    queryFn: () => api.call(lock.listForTransfer, { ...query, lockName: query.lockName || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** Renames a lock: every lock list and detail shows the new name. */
export const useRenameLock = () => useCallMutation(lock.rename, [QUERY_ROOT.lock]);
/** How long an eKey's credential lasts on a lock: its detail shows the new value. */
export const useSetEKeyCredentialMaxAge = () =>
  useCallMutation(lock.setEKeyCredentialMaxAge, (params) => [lockKeys.detail(Number(params.lockId))]);
/** Transfers locks to another account: they leave the user's lock lists and groups. */
export const useTransferLocks = () => useCallMutation(lock.transfer, [QUERY_ROOT.lock, QUERY_ROOT.group]);
/** Creates a link that unlocks the lock from a browser for a while (nothing cached changes). */
export const useCreateUnlockLink = () => useCallMutation(lock.createUnlockLink);
/**
 * Unlocks with a link's token, no login (the public unlock screen); answers once the lock has
 * answered. Nothing cached changes.
 */
export const useUnlockByLink = () => useCallMutation(lock.unlockByLink);

/** Unlocks several locks through their gateways at once; each started unlock is followed by its row. */
export const useBatchUnlock = () => useCallMutation(lock.batchUnlock);
