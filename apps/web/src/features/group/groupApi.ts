import type { DataOf } from '@smartlock/contract';
import { group } from '@smartlock/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
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
const GROUP_CHANGE = [QUERY_ROOT.group, QUERY_ROOT.lock];

export const useAddGroup = () => useCallMutation(group.add, GROUP_CHANGE);
export const useRenameGroup = () => useCallMutation(group.rename, GROUP_CHANGE);
export const useRemoveGroup = () => useCallMutation(group.remove, GROUP_CHANGE);
/** Moves locks into a group (0: out of every group). */
export const useSetGroupLocks = () => useCallMutation(group.setLocks, GROUP_CHANGE);
