import type { AuditEntry, DataOf } from '@smartlock/contract';
import { audit } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';

export type { AuditEntry };
export type ChainStatus = DataOf<typeof audit.verify>;

/** What the list is narrowed to. */
export interface AuditFilter {
  lockId?: number | undefined;
  actor?: string | undefined;
  startDate?: number | undefined;
  endDate?: number | undefined;
}

/** Rows per page read by the export, and the most pages it reads (10,000 entries: narrow the dates for more). */
const EXPORT_PAGE = 200;
export const EXPORT_PAGES_MAX = 50;

export const auditKeys = {
  list: (filter: AuditFilter, pageNo: number, pageSize: number) =>
    [...QUERY_ROOT.audit, 'list', filter, pageNo, pageSize] as const,
  chain: () => [...QUERY_ROOT.audit, 'chain'] as const,
};

const paramsOf = (filter: AuditFilter) => ({
  lockId: filter.lockId,
  actor: filter.actor || undefined,
  startDate: filter.startDate,
  endDate: filter.endDate,
});

/** One page of the trail the user may read, newest first; the previous page stays while the next loads. */
export function useAuditEntries(filter: AuditFilter, pageNo: number, pageSize: number) {
  const { api } = useConsole();
  return useQuery({
    queryKey: auditKeys.list(filter, pageNo, pageSize),
    queryFn: () => api.call(audit.list, { ...paramsOf(filter), pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** The user's chain, verified by the server from its anchor to its head. */
export function useChainStatus() {
  const { api } = useConsole();
  return useQuery({ queryKey: auditKeys.chain(), queryFn: () => api.call(audit.verify, {}) });
}

/** Every entry of the filter, page after page (for the export), at most EXPORT_PAGES_MAX pages. */
export async function allAuditEntries(api: ApiClient, filter: AuditFilter): Promise<AuditEntry[]> {
  const first = await api.call(audit.list, { ...paramsOf(filter), pageNo: 1, pageSize: EXPORT_PAGE });
  const list = [...first.list];
  for (let pageNo = 2; pageNo <= Math.min(first.pages, EXPORT_PAGES_MAX); pageNo++) {
    list.push(...(await api.call(audit.list, { ...paramsOf(filter), pageNo, pageSize: EXPORT_PAGE })).list);
  }
  return list;
}
