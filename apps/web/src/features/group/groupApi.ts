import { group } from '@smartlock/contract/refs';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';

export { type GroupList, groupKeys, type LockGroup, useGroups } from './groupList';

/** After a change to groups or to which group holds a lock: groups and lock lists are stale. */
const GROUP_CHANGE = [QUERY_ROOT.group, QUERY_ROOT.lock];

export const useAddGroup = () => useCallMutation(group.add, GROUP_CHANGE);
export const useRenameGroup = () => useCallMutation(group.rename, GROUP_CHANGE);
export const useRemoveGroup = () => useCallMutation(group.remove, GROUP_CHANGE);
/** Moves locks into a group (0: out of every group). */
export const useSetGroupLocks = () => useCallMutation(group.setLocks, GROUP_CHANGE);
