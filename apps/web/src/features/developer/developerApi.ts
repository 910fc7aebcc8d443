import type { DataOf } from '@smartlock/contract';
import { apiKey, openApi } from '@smartlock/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

export type ApiKeyList = DataOf<typeof apiKey.list>;
export type ApiKeyRow = ApiKeyList['list'][number];
export type OpenApiClient = DataOf<typeof openApi.getClient>;

/** The account's live API keys, with the rate each may call at. */
export function useApiKeys() {
  const { api } = useConsole();
  return useQuery({ queryKey: QUERY_ROOT.apiKey, queryFn: () => api.call(apiKey.list, {}) });
}

export const useCreateApiKey = () => useCallMutation(apiKey.create, [QUERY_ROOT.apiKey]);
export const useRevokeApiKey = () => useCallMutation(apiKey.revoke, [QUERY_ROOT.apiKey]);

/** The account's open API client: its id, callback address and this month's calls. */
export function useOpenApiClient() {
  const { api } = useConsole();
  return useQuery({ queryKey: QUERY_ROOT.openApi, queryFn: () => api.call(openApi.getClient, {}) });
}

export const useRotateClientSecret = () => useCallMutation(openApi.rotateClientSecret, [QUERY_ROOT.openApi]);
export const useSetCallbackUrl = () => useCallMutation(openApi.setCallbackUrl, [QUERY_ROOT.openApi]);
