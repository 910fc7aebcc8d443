import { type DataOf, GroupId, LockQueryType, type LockUserItem } from '@smartlock/contract';
import { lockUser } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiClient } from '../../api/client';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';
import { useLocks } from '../lock/lockApi';

export type { LockUserItem };
export type LockUserLock = DataOf<typeof lockUser.listKeyGroup>['list'][number];
export type ExpiringCredential = DataOf<typeof lockUser.listExpireUser>['list'][number];
export type LockUserDeletion = DataOf<typeof lockUser.deleteKeyUser>;

export interface LockUserListQuery {
  pageNo: number;
  pageSize: number;
  /** Part of an account, nickname or name; empty for all. */
  searchStr: string;
}

export interface LockUserLocksQuery {
  lockUser: string;
  pageNo: number;
  pageSize: number;
}

export interface ExpiringQuery {
  startDate: number;
  endDate: number;
  searchStr: string;
  pageNo: number;
  pageSize: number;
}

export const lockUserKeys = {
  /** Every list of people and their locks (not a job's progress). */
  people: [...QUERY_ROOT.lockUser, 'list'] as const,
  list: (query: LockUserListQuery) => [...QUERY_ROOT.lockUser, 'list', query] as const,
  locks: (query: LockUserLocksQuery) => [...QUERY_ROOT.lockUser, 'locks', query] as const,
  expiring: (query: ExpiringQuery) => [...QUERY_ROOT.lockUser, 'expiring', query] as const,
  exportCount: (lockIds: string | undefined) => [...QUERY_ROOT.lockUser, 'exportCount', lockIds ?? 'all'] as const,
};

/** One page of the people holding credentials on the user's locks; the previous page stays while the next loads. */
export function useLockUsers(query: LockUserListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: lockUserKeys.list(query),
    queryFn: () => api.call(lockUser.listKeyUser, { ...query, searchStr: query.searchStr || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** One page of a person's locks, each with the credentials they hold on it. */
export function useLockUserLocks(query: LockUserLocksQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: lockUserKeys.locks(query),
    queryFn: () => api.call(lockUser.listKeyGroup, query),
    placeholderData: keepPreviousData,
  });
}

/** One page of the credentials ending inside a window, soonest first. */
export function useExpiringCredentials(query: ExpiringQuery, enabled: boolean) {
  const { api } = useConsole();
  return useQuery({
    queryKey: lockUserKeys.expiring(query),
    queryFn: () => api.call(lockUser.listExpireUser, { ...query, searchStr: query.searchStr || undefined }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The size of an export: rows and people, for the chosen locks (comma-separated ids) or all the user owns. */
export function useExportCount(lockIds: string | undefined, enabled: boolean) {
  const { api } = useConsole();
  return useQuery({
    queryKey: lockUserKeys.exportCount(lockIds),
    queryFn: () => api.call(lockUser.getExportUserNum, lockIds === undefined ? {} : { lockIds }),
    enabled,
    retry: false,
  });
}

/**
 * Whether the user owns locks, and whether they administer some for an owner (one lock of each
 * is enough to know): exports are the owner's.
 */
export function useLockRoles() {
  const first = { pageNo: 1, pageSize: 1, groupId: GroupId.all, lockName: '' };
  const owned = useLocks({ ...first, type: LockQueryType.admin });
  const administered = useLocks({ ...first, type: LockQueryType.authorizedAdmin });
  return {
    pending: owned.isPending || administered.isPending,
    error: owned.error ?? administered.error,
    retry: () => void Promise.all([owned.refetch(), administered.refetch()]),
    owns: (owned.data?.total ?? 0) > 0,
    administers: (administered.data?.total ?? 0) > 0,
  };
}

/** After a lock user is deleted: the people, and every list their eKeys, passcodes and credentials show in. */
const LOCK_USER_DELETED = [
  QUERY_ROOT.lockUser,
  QUERY_ROOT.ekey,
  QUERY_ROOT.passcode,
  QUERY_ROOT.credential,
  QUERY_ROOT.lock,
];

/** Deletes a person's eKeys, passcodes and credentials on every lock of the user's. */
export const useDeleteLockUser = () => useCallMutation(lockUser.deleteKeyUser, LOCK_USER_DELETED);

/**
 * One page of an export of lock users, for the chosen locks (comma-separated ids) or all the
 * user owns. A plain call: an export reads page after page and changes nothing.
 */
export const exportLockUsersPage = (api: ApiClient, lockIds: string | undefined, pageNo: number) =>
  api.call(lockUser.exportUser, {
    ...(lockIds === undefined ? {} : { lockIds }),
    pageNo,
    pageSize: lockUser.EXPORT_USER_PAGE_MAX,
  });

export type RevokeJob = DataOf<typeof lockUser.getRevokeJob>;

/** Starts revoking everything a person holds, as a job of one item per lock (followed on its own page). */
export const useStartRevokeJob = () => useCallMutation(lockUser.revokeKeyUser);

/**
 * A revoke-all job, asked again every second until it has finished; then the lists its
 * credentials showed in are refreshed once.
 */
export function useRevokeJob(jobId: number) {
  const { api } = useConsole();
  const queries = useQueryClient();
  const job = useQuery({
    queryKey: [...QUERY_ROOT.lockUser, 'revokeJob', jobId],
    queryFn: () => api.call(lockUser.getRevokeJob, { jobId }),
    refetchInterval: (query) => (query.state.data?.finishedAt || query.state.error ? false : 1000),
  });
  const finished = job.data?.finishedAt ?? null;
  useEffect(() => {
    if (finished === null) return;
    for (const queryKey of LOCK_USER_DELETED.filter((key) => key !== QUERY_ROOT.lockUser)) {
      void queries.invalidateQueries({ queryKey });
    }
    void queries.invalidateQueries({ queryKey: lockUserKeys.people });
  }, [finished, queries]);
  return job;
}
