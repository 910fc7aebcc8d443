import type { AdminItem, DataOf } from '@smartlock/contract';
import { admin } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';

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
export function useRefreshAdmins(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: QUERY_ROOT.admin }),
      queries.invalidateQueries({ queryKey: QUERY_ROOT.ekey }),
      queries.invalidateQueries({ queryKey: QUERY_ROOT.lock }),
    ]);
  }, [queries]);
}
