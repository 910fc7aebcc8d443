import { GroupId, LockQueryType } from '@smartlock/contract';
import { QUERY_ROOT } from '../../api/queryKeys';

/**
 * The lock queries' keys and the list's query, apart from the feature's calls (lockApi.ts): the
 * console frame reads a lock's detail under these keys without loading the lock screens' changes.
 */
export type LockQueryTypeValue = (typeof LockQueryType)[keyof typeof LockQueryType];

export interface LockListQuery {
  pageNo: number;
  pageSize: number;
  type: LockQueryTypeValue;
  /** -1 all, 0 ungrouped, else one of the user's groups. */
  groupId: number;
  /** Part of a lock's name; empty for all. */
  lockName: string;
}

export const ALL_LOCKS: Omit<LockListQuery, 'pageNo' | 'pageSize'> = {
  type: LockQueryType.all,
  groupId: GroupId.all,
  lockName: '',
};

export const lockKeys = {
  lists: () => [...QUERY_ROOT.lock, 'list'] as const,
  list: (query: LockListQuery) => [...QUERY_ROOT.lock, 'list', query] as const,
  detail: (lockId: number) => [...QUERY_ROOT.lock, 'detail', lockId] as const,
  passageMode: (lockId: number) => [...QUERY_ROOT.lock, 'passageMode', lockId] as const,
  transferable: (query: { pageNo: number; pageSize: number; lockName: string }) =>
    [...QUERY_ROOT.lock, 'transferable', query] as const,
};
