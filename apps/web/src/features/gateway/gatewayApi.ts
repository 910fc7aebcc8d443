import type { DataOf } from '@smartlock/contract';
import { gateway } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

export type GatewayItem = DataOf<typeof gateway.list>['list'][number];
export type GatewayLock = DataOf<typeof gateway.listLock>['list'][number];

export interface GatewayListQuery {
  pageNo: number;
  pageSize: number;
  /** Part of a gateway's name; empty for all. */
  gatewayName: string;
}

export const gatewayKeys = {
  list: (query: GatewayListQuery) => [...QUERY_ROOT.gateway, 'list', query] as const,
  locks: (gatewayId: number) => [...QUERY_ROOT.gatewayLocks, gatewayId] as const,
};

/** One page of the user's gateways; the previous page stays on screen while the next loads. */
export function useGateways(query: GatewayListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: gatewayKeys.list(query),
    queryFn: () =>
      api.call(gateway.list, {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        gatewayName: query.gatewayName || undefined,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The locks a gateway reaches. */
export function useGatewayLocks(gatewayId: number) {
  const { api } = useConsole();
  return useQuery({
    queryKey: gatewayKeys.locks(gatewayId),
    queryFn: () => api.call(gateway.listLock, { gatewayId }),
  });
}

/** Marks every gateway query stale, after a change the user made. */
export function useRefreshGateways(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(() => queries.invalidateQueries({ queryKey: QUERY_ROOT.gateway }), [queries]);
}

export const useRenameGateway = () => useCallMutation(gateway.rename, [QUERY_ROOT.gateway]);
/** Transfers gateways to another account. */
export const useTransferGateways = () => useCallMutation(gateway.transfer, [QUERY_ROOT.gateway]);
export const useRemoveGateway = () => useCallMutation(gateway.remove, [QUERY_ROOT.gateway]);
