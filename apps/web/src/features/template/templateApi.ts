import { template } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';
import type { NoticeChannel } from '../credentials/NoticeChannelField';

export interface TemplateListQuery {
  channel: NoticeChannel;
  pageNo: number;
  pageSize: number;
  lockId?: number;
  type?: number;
}

export const templateKeys = {
  list: (query: TemplateListQuery) => [...QUERY_ROOT.template, query] as const,
};

/** One page of templates: the account's own, or (with a lock) its owner's to send a notice with. */
export function useTemplates(query: TemplateListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: () => api.call(template.list, query),
    placeholderData: keepPreviousData,
  });
}

export const useAddTemplate = () => useCallMutation(template.add, [QUERY_ROOT.template]);
export const useUpdateTemplate = () => useCallMutation(template.update, [QUERY_ROOT.template]);
export const useRemoveTemplate = () => useCallMutation(template.remove, [QUERY_ROOT.template]);
