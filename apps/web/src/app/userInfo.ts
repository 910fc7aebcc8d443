import { user } from '@smartlock/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
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
