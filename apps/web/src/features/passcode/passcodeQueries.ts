import type { DataOf } from '@smartlock/contract';
import { passcode } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';

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
