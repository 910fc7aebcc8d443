import type { DataOf } from '@smartlock/contract';
import { passcode } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';
import { findInPages } from '../credentials/findInPages';

export type PasscodeItem = DataOf<typeof passcode.list>['list'][number];

export interface PasscodeListQuery {
  lockId: number;
  pageNo: number;
  pageSize: number;
  /** Part of a passcode's name or digits; empty for all. */
  searchStr: string;
}

export const passcodeKeys = {
  list: (query: PasscodeListQuery) => [...QUERY_ROOT.passcode, 'list', query] as const,
  find: (lockId: number, keyboardPwdId: number) => [...QUERY_ROOT.passcode, 'find', lockId, keyboardPwdId] as const,
};

/** One page of a lock's passcodes, newest first. */
export function usePasscodes(query: PasscodeListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: passcodeKeys.list(query),
    queryFn: () => api.call(passcode.list, { ...query, searchStr: query.searchStr || undefined }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One passcode of a lock, looked up by its id in the lock's list (null when the list does not
 * hold it); nothing is asked while `keyboardPwdId` is undefined or `enabled` is false.
 */
export function usePasscode(lockId: number, keyboardPwdId: number | undefined, enabled = true) {
  const { api } = useConsole();
  return useQuery({
    queryKey: passcodeKeys.find(lockId, keyboardPwdId ?? 0),
    enabled: keyboardPwdId !== undefined && enabled,
    queryFn: async () =>
      (await findInPages(
        (pageNo) => api.call(passcode.list, { lockId, pageNo, pageSize: 100 }),
        (item) => item.keyboardPwdId === keyboardPwdId,
      )) ?? null,
  });
}

/** After a change to a lock's passcodes: the lists, and the lock detail whose tab shows how many there are. */
export function useRefreshPasscodes(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: QUERY_ROOT.passcode }),
      queries.invalidateQueries({ queryKey: QUERY_ROOT.lock }),
    ]);
  }, [queries]);
}

/** What a change to a lock's passcodes makes stale: the lists, and the lock detail that counts them. */
const PASSCODE_CHANGE = [QUERY_ROOT.passcode, QUERY_ROOT.lock];

/** Adds a custom passcode through the lock's gateway (its list refreshes once the lock has it). */
export const useAddPasscode = () => useCallMutation(passcode.add);
/** Gets an offline passcode the lock computes itself. */
export const useGetPasscode = () => useCallMutation(passcode.get, PASSCODE_CHANGE);
/** Renames a passcode, or changes its digits or validity through the gateway. */
export const useChangePasscode = () => useCallMutation(passcode.change, PASSCODE_CHANGE);
/**
 * Deletes a passcode through the lock's gateway; resolves to the operation to follow. The tab
 * refreshes its list itself, whether or not the call succeeded.
 */
export const useRemovePasscode = () => useCallMutation(passcode.remove);
/** Sends a passcode to someone by SMS or email. */
export const useSendPasscodeNotice = () => useCallMutation(passcode.sendNotice);
