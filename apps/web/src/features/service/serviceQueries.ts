import type { DataOf, OrderItem, TemplateItem } from '@smartlock/contract';
import { order, service, vip } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';
import { USER_INFO_KEY } from '../../app/userInfo';

export type PriceList = DataOf<typeof service.getPriceList>;
export type VipInfo = DataOf<typeof vip.getInfo>;
export type { OrderItem, TemplateItem };

export const commerceKeys = {
  prices: [...QUERY_ROOT.service, 'prices'] as const,
  balances: [...QUERY_ROOT.service, 'balances'] as const,
  vip: [...QUERY_ROOT.vip, 'info'] as const,
  orders: (query: { pageNo: number; pageSize: number; status?: number | undefined }) =>
    [...QUERY_ROOT.order, 'list', query] as const,
  order: (orderNo: string) => [...QUERY_ROOT.order, 'detail', orderNo] as const,
};

/** The operator's price list for this site and account. */
export function usePriceList() {
  const { api } = useConsole();
  return useQuery({ queryKey: commerceKeys.prices, queryFn: () => api.call(service.getPriceList) });
}

/** The account's units of each value-added service, by service type. */
export function useBalances() {
  const { api } = useConsole();
  return useQuery({
    queryKey: commerceKeys.balances,
    queryFn: async () => {
      const { balances } = await api.call(service.getBalance);
      return new Map(balances.map((b) => [b.serviceType, b.units]));
    },
  });
}

export function useVipInfo() {
  const { api } = useConsole();
  return useQuery({ queryKey: commerceKeys.vip, queryFn: () => api.call(vip.getInfo) });
}

/** One page of the account's orders, newest first. */
export function useOrders(query: { pageNo: number; pageSize: number; status?: number | undefined }) {
  const { api } = useConsole();
  return useQuery({
    queryKey: commerceKeys.orders(query),
    queryFn: () => api.call(order.list, query),
    placeholderData: keepPreviousData,
  });
}

/** One order and the payment result to show; followed while a payment is awaited. */
export function useOrder(orderNo: string | undefined, followMs: number | false = false) {
  const { api } = useConsole();
  return useQuery({
    queryKey: commerceKeys.order(orderNo ?? ''),
    queryFn: () => api.call(order.detail, { orderNo: orderNo ?? '' }),
    enabled: orderNo !== undefined,
    refetchInterval: followMs,
  });
}

/** After a purchase, a refund or a trial: the balances, orders, advanced function and user info. */
export const COMMERCE_CHANGED = [QUERY_ROOT.service, QUERY_ROOT.order, QUERY_ROOT.vip, USER_INFO_KEY];

export function useRefreshCommerce(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(async () => {
    await Promise.all(COMMERCE_CHANGED.map((queryKey) => queries.invalidateQueries({ queryKey })));
  }, [queries]);
}
