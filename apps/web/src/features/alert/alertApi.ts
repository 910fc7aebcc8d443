import { alert } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

export interface AlertListQuery {
  pageNo: number;
  pageSize: number;
  kind?: string;
  unreadOnly?: boolean;
}

export const alertKeys = {
  unread: [...QUERY_ROOT.alert, 'unread'] as const,
  list: (query: AlertListQuery) => [...QUERY_ROOT.alert, 'list', query] as const,
  settings: [...QUERY_ROOT.alert, 'settings'] as const,
};

/** The bell's count: refreshed by every `alert` live message (live/liveRefresh). */
export function useUnreadAlerts() {
  const { api } = useConsole();
  return useQuery({ queryKey: alertKeys.unread, queryFn: () => api.call(alert.unreadCount, {}) });
}

export function useAlerts(query: AlertListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: alertKeys.list(query),
    queryFn: () =>
      api.call(alert.list, {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.unreadOnly ? { unreadOnly: true } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAlertSettings() {
  const { api } = useConsole();
  return useQuery({ queryKey: alertKeys.settings, queryFn: () => api.call(alert.getSettings, {}) });
}

export const useReadAlert = () => useCallMutation(alert.read, [QUERY_ROOT.alert]);
export const useReadAllAlerts = () => useCallMutation(alert.readAll, [QUERY_ROOT.alert]);
export const useUpdateAlertSettings = () => useCallMutation(alert.updateSettings, [QUERY_ROOT.alert]);
