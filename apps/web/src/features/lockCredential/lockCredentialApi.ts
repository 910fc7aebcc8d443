import type { CredentialItem, LockCredentialKind } from '@smartlock/contract';
import { lockCredential } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';

export type { CredentialItem };

export interface CredentialListQuery {
  lockId: number;
  pageNo: number;
  pageSize: number;
  /** Part of a number, name or remark; empty for all. */
  searchStr: string;
}

export const credentialKeys = {
  list: (kind: LockCredentialKind, query: CredentialListQuery) =>
    [...QUERY_ROOT.credential, kind, 'list', query] as const,
  faceAuth: (lockId: number) => [...QUERY_ROOT.credential, 'faceAuth', lockId] as const,
  hotelInfo: () => [...QUERY_ROOT.hotel, 'info'] as const,
  locksByCard: (cardNumber: string, pageNo: number, pageSize: number) =>
    [...QUERY_ROOT.credential, 'card', 'locks', cardNumber, pageNo, pageSize] as const,
};

/** One page of a lock's credentials of a kind, newest first. */
export function useCredentials(kind: LockCredentialKind, query: CredentialListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: credentialKeys.list(kind, query),
    queryFn: () =>
      api.call(lockCredential.LOCK_CREDENTIAL_CALLS[kind].list, { ...query, searchStr: query.searchStr || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** After a change to credentials: their lists, and the lock detail whose tabs count them. */
export function useRefreshCredentials(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: QUERY_ROOT.credential }),
      queries.invalidateQueries({ queryKey: QUERY_ROOT.lock }),
    ]);
  }, [queries]);
}

/** The caller's hotel settings and hotel locks' rooms (asked only when `enabled`). */
export function useHotelInfo(enabled = true) {
  const { api } = useConsole();
  return useQuery({
    queryKey: credentialKeys.hotelInfo(),
    queryFn: () => api.call(lockCredential.getHotelInfo, {}),
    enabled,
  });
}
