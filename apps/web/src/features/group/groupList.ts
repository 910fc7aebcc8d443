import type { DataOf } from '@smartlock/contract';
import { group } from '@smartlock/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';

/*
 * The group list, apart from the feature's changes (groupApi.ts): the console frame reads it at
 * start (which page is home) without loading the group screens' changes.
 */

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
