import type { DataOf } from '@smartlock/contract';
import { webhook } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

/** How often a log with a pending delivery is read again. */
const PENDING_REFRESH_MS = 5000;

export type WebhookList = DataOf<typeof webhook.list>;
export type WebhookEndpoint = WebhookList['list'][number];
export type WebhookDelivery = DataOf<typeof webhook.deliveries>['list'][number];

/** The account's webhook endpoints (never their secrets) and how many it may have. */
export function useWebhooks() {
  const { api } = useConsole();
  return useQuery({ queryKey: QUERY_ROOT.webhook, queryFn: () => api.call(webhook.list, {}) });
}

/** One endpoint's delivery log, newest first, a page at a time. */
export function useWebhookDeliveries(endpointId: number | undefined, pageNo: number, pageSize: number) {
  const { api } = useConsole();
  return useQuery({
    queryKey: [...QUERY_ROOT.webhook, 'deliveries', endpointId, pageNo, pageSize],
    queryFn: () => api.call(webhook.deliveries, { endpointId: endpointId ?? 0, pageNo, pageSize }),
    enabled: endpointId !== undefined,
    placeholderData: keepPreviousData,
    // While a delivery waits for its next try, the log looks again now and then.
    refetchInterval: (query) =>
      query.state.data?.list.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
}

export const useAddWebhook = () => useCallMutation(webhook.add, [QUERY_ROOT.webhook]);
export const useUpdateWebhook = () => useCallMutation(webhook.update, [QUERY_ROOT.webhook]);
export const useDeleteWebhook = () => useCallMutation(webhook.remove, [QUERY_ROOT.webhook]);
export const useWebhookSecret = () => useCallMutation(webhook.secret);
export const useRotateWebhookSecret = () => useCallMutation(webhook.rotateSecret);
export const useRedeliver = () => useCallMutation(webhook.redeliver, [QUERY_ROOT.webhook]);
export const useSendTest = () => useCallMutation(webhook.sendTest, [QUERY_ROOT.webhook]);
