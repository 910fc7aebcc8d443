import type { DataOf } from '@smartlock/contract';
import { ekey } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

export type EKeyItem = DataOf<typeof ekey.list>['list'][number];

export interface EKeyListQuery {
  lockId: number;
  pageNo: number;
  pageSize: number;
  /** Part of a recipient's account or nickname, or of the key's name; empty for all. */
  searchStr: string;
}

export const ekeyKeys = {
  list: (query: EKeyListQuery) => [...QUERY_ROOT.ekey, 'list', query] as const,
  find: (lockId: number, keyId: number) => [...QUERY_ROOT.ekey, 'find', lockId, keyId] as const,
};

/** One page of a lock's eKeys, newest first; the previous page stays on screen while the next loads. */
export function useEKeys(query: EKeyListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: ekeyKeys.list(query),
    queryFn: () => api.call(ekey.list, { ...query, searchStr: query.searchStr || undefined }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a change to a lock's eKeys: the lists, and the lock detail whose tab shows how many
 * there are.
 */
export function useRefreshEKeys(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: QUERY_ROOT.ekey }),
      queries.invalidateQueries({ queryKey: QUERY_ROOT.lock }),
    ]);
  }, [queries]);
}

/** Edits an eKey's name, remarks or validity: the lists and the lock detail are stale. */
export const useUpdateEKey = () => useCallMutation(ekey.update, [QUERY_ROOT.ekey, QUERY_ROOT.lock]);
/** Sends an eKey's notice (SMS or email) to its holder. */
export const useSendEKeyNotice = () => useCallMutation(ekey.sendNotice);
