import type { DataOf } from '@smartlock/contract';
import { group } from '@smartlock/contract/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';

export type GroupList = DataOf<typeof group.list>;
export type LockGroup = GroupList['list'][number];

export const groupKeys = {
  list: () => [...QUERY_ROOT.group, 'list'] as const,
};

/** The user's lock groups with their lock counts, and the counts of all and of ungrouped locks. */
export function useGroups() {
  const { api } = useConsole();
  return useQuery({ queryKey: groupKeys.list(), queryFn: () => api.call(group.list) });
}

/** After a change to groups or to which group holds a lock: groups and lock lists are stale. */
export function useRefreshGroups(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: QUERY_ROOT.group }),
      queries.invalidateQueries({ queryKey: QUERY_ROOT.lock }),
    ]);
  }, [queries]);
}
