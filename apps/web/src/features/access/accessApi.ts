import type { AccessAnswer } from '@smartlock/contract';
import { access } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';
import { type AccessWhen, whenParams } from './accessWindow';

export type { AccessAnswer };
export type AccessRow = AccessAnswer['list'][number];

/** The most rows a page holds; the export reads page after page. */
const EXPORT_PAGE = 200;

export const accessKeys = {
  lock: (lockId: number, when: AccessWhen, pageNo: number, pageSize: number) =>
    [...QUERY_ROOT.access, 'lock', lockId, when, pageNo, pageSize] as const,
};

/** One page of who can open a lock at the moment or during the period; the previous page stays while the next loads. */
export function useLockAccess(lockId: number, when: AccessWhen | undefined, pageNo: number, pageSize: number) {
  const { api } = useConsole();
  return useQuery({
    queryKey: accessKeys.lock(lockId, when ?? { kind: 'moment', at: 0 }, pageNo, pageSize),
    queryFn: () => api.call(access.lockAccess, { lockId, ...whenParams(when as AccessWhen), pageNo, pageSize }),
    enabled: when !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The whole answer, page after page (for the export). */
export async function wholeLockAccess(api: ApiClient, lockId: number, when: AccessWhen): Promise<AccessAnswer> {
  const first = await api.call(access.lockAccess, { lockId, ...whenParams(when), pageNo: 1, pageSize: EXPORT_PAGE });
  const list = [...first.list];
  for (let pageNo = 2; pageNo <= first.pages; pageNo++) {
    const page = await api.call(access.lockAccess, { lockId, ...whenParams(when), pageNo, pageSize: EXPORT_PAGE });
    list.push(...page.list);
  }
  return { ...first, list };
}
