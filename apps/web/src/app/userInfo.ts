import { user } from '@smartlock/contract/refs';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useConsole } from './context';

export const USER_INFO_KEY = ['user', 'info'] as const;

/** The logged-in user's info, loaded once per session and shared by every screen. */
export function useUserInfo() {
  const { api } = useConsole();
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: () => api.call(user.getInfo),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function clearUserInfo(queries: QueryClient): void {
  queries.removeQueries({ queryKey: USER_INFO_KEY });
}

/** Whether a user is logged in: their info is loaded, and not yet cleared by logout or a lost session. */
export function useSignedIn(): boolean {
  const queries = useQueryClient();
  const subscribe = useCallback((notify: () => void) => queries.getQueryCache().subscribe(notify), [queries]);
  return useSyncExternalStore(subscribe, () => queries.getQueryData(USER_INFO_KEY) !== undefined);
}
