import type { DataOf } from '@smartlock/contract';
import { stay } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

/** How often the page reads again while a code is on its way to a lock or off it. */
const PENDING_REFRESH_MS = 3000;

export type StayFeed = DataOf<typeof stay.feedList>['list'][number];
export type Stay = DataOf<typeof stay.list>['list'][number];

/** The account's calendar feeds. */
export function useStayFeeds() {
  const { api } = useConsole();
  return useQuery({ queryKey: [...QUERY_ROOT.stay, 'feeds'], queryFn: () => api.call(stay.feedList, {}) });
}

/** A feed's stays, by check-in, a page at a time; read again while a code's operation runs. */
export function useStays(
  feedId: number | undefined,
  pageNo: number,
  pageSize: number,
  pending: (list: Stay[]) => boolean,
) {
  const { api } = useConsole();
  return useQuery({
    queryKey: [...QUERY_ROOT.stay, 'stays', feedId, pageNo, pageSize],
    queryFn: () => api.call(stay.list, { feedId, pageNo, pageSize }),
    enabled: feedId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && pending(query.state.data.list) ? PENDING_REFRESH_MS : false),
  });
}

export const useAddFeed = () => useCallMutation(stay.feedAdd, [QUERY_ROOT.stay, QUERY_ROOT.passcode]);
export const useUpdateFeed = () => useCallMutation(stay.feedUpdate, [QUERY_ROOT.stay]);
export const useDeleteFeed = () => useCallMutation(stay.feedDelete, [QUERY_ROOT.stay, QUERY_ROOT.passcode]);
export const usePollFeed = () => useCallMutation(stay.feedPoll, [QUERY_ROOT.stay, QUERY_ROOT.passcode]);
