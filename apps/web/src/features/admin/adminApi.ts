import type { AdminItem, DataOf } from '@smartlock/contract';
import { admin } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../api/client';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';
import type { ValidityDraft } from '../credentials/validity';
import { authorizeParams, deauthorizeParams, idChunks } from './adminParams';

export type { AdminItem };
export type AdminLock = DataOf<typeof admin.listLocks>['list'][number];
export type AdminGroupQueryValue = 0 | 1 | 2;

export interface AdminListQuery {
  pageNo: number;
  pageSize: number;
  /** Part of an account or nickname; empty for all. */
  searchStr: string;
}

export interface AdminLocksQuery {
  adminUid: number;
  queryType: AdminGroupQueryValue;
  /** -1 all, 0 ungrouped, else one of the user's groups. */
  groupId: number;
  pageNo: number;
  pageSize: number;
}

export const adminKeys = {
  list: (query: AdminListQuery) => [...QUERY_ROOT.admin, 'list', query] as const,
  locks: (query: AdminLocksQuery) => [...QUERY_ROOT.admin, 'locks', query] as const,
};

/** One page of the user's authorized administrators; the previous page stays while the next loads. */
export function useAdmins(query: AdminListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: adminKeys.list(query),
    queryFn: () => api.call(admin.list, { ...query, searchStr: query.searchStr || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the user's locks as seen for one administrator: authorized, not, or all. */
export function useAdminLocks(query: AdminLocksQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: adminKeys.locks(query),
    queryFn: () => api.call(admin.listLocks, query),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a change to administrators: their lists, and the eKeys and locks their administrator
 * keys show in.
 */
const ADMINS_CHANGED = [QUERY_ROOT.admin, QUERY_ROOT.ekey, QUERY_ROOT.lock];

export function useRefreshAdmins(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(async () => {
    await Promise.all(ADMINS_CHANGED.map((queryKey) => queries.invalidateQueries({ queryKey })));
  }, [queries]);
}

/** Adds an authorized administrator on chosen locks and groups. */
export const useAddAdmin = () => useCallMutation(admin.add, ADMINS_CHANGED);
/** Removes an administrator with every administrator eKey they hold and the eKeys they sent. */
export const useRemoveAdminCall = () => useCallMutation(admin.remove, ADMINS_CHANGED);

/**
 * Authorizes an administrator on locks, as many calls as the ids need; resolves to how many were
 * authorized. The caller refreshes once after the last call.
 */
export async function authorizeAdminLocks(
  api: ApiClient,
  adminUid: number,
  lockIds: readonly number[],
  validity: ValidityDraft,
): Promise<number> {
  let count = 0;
  for (const chunk of idChunks(lockIds)) {
    count += (await api.call(admin.authorize, authorizeParams(adminUid, chunk, validity))).count;
  }
  return count;
}

/** Takes locks away from an administrator, as many calls as the ids need; resolves to how many went. */
export async function deauthorizeAdminLocks(
  api: ApiClient,
  adminUid: number,
  lockIds: readonly number[],
): Promise<number> {
  let count = 0;
  for (const chunk of idChunks(lockIds)) {
    count += (await api.call(admin.deauthorize, deauthorizeParams(adminUid, chunk))).count;
  }
  return count;
}
