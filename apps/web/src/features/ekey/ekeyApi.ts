import type { DataOf } from '@smartlock/contract';
import { ekey } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';
import { findInPages } from '../credentials/findInPages';

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
 * One eKey of a lock, looked up by its id in the lock's list (null when the list does not hold
 * it); nothing is asked while `keyId` is undefined.
 */
export function useEKey(lockId: number, keyId: number | undefined) {
  const { api } = useConsole();
  return useQuery({
    queryKey: ekeyKeys.find(lockId, keyId ?? 0),
    enabled: keyId !== undefined,
    queryFn: async () =>
      (await findInPages(
        (pageNo) => api.call(ekey.list, { lockId, pageNo, pageSize: 100 }),
        (item) => item.keyId === keyId,
      )) ?? null,
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

/** What a change to a lock's eKeys makes stale: the lists, and the lock detail that counts them. */
const EKEY_CHANGE = [QUERY_ROOT.ekey, QUERY_ROOT.lock];

/**
 * Sends an eKey to one recipient; a recipient without an account is refused with a question
 * unless `createUser` says to invite them.
 */
export const useSendEKey = () => useCallMutation(ekey.send, EKEY_CHANGE);
/**
 * Sends one part of a batch of eKeys (some locks, some recipients); the batch screen refreshes
 * once after its last part.
 */
export const useSendEKeyBatch = () => useCallMutation(ekey.sendBatch);
/** Edits an eKey's name, remarks or validity: the lists and the lock detail are stale. */
export const useUpdateEKey = () => useCallMutation(ekey.update, EKEY_CHANGE);
/** Changes an eKey's validity (never beyond the sender's own). */
export const useChangeEKeyPeriod = () => useCallMutation(ekey.changePeriod, EKEY_CHANGE);
/** Deletes every eKey of a lock, for good. */
export const useDeleteAllEKeys = () => useCallMutation(ekey.deleteAll, EKEY_CHANGE);
/** Sends an eKey's notice (SMS or email) to its holder. */
export const useSendEKeyNotice = () => useCallMutation(ekey.sendNotice);
