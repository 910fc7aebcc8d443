import { PAGE_SIZE } from '@smartlock/contract';
import { useEffect, useState } from 'react';

export interface Paging {
  pageNo: number;
  pageSize: number;
}

/**
 * A list's page, which goes back to the first one whenever the filters change (compared by
 * value), so a new filter never asks the server for a page that may not exist.
 */
export function usePaging(filters: unknown, pageSize: number = PAGE_SIZE.default): [Paging, (next: Paging) => void] {
  const key = JSON.stringify(filters);
  const [state, setState] = useState({ key, pageNo: 1, pageSize });
  const paging = { pageNo: state.key === key ? state.pageNo : 1, pageSize: state.pageSize };
  return [paging, (next) => setState({ key, ...next })];
}

/**
 * A page emptied by deletions gives way to the one before it, once the page has really loaded
 * (not while the previous page's rows are shown in its place).
 */
export function useStepBackFromEmptyPage(
  list: { data?: { list: unknown[] } | undefined; isPlaceholderData: boolean },
  page: Paging,
  setPage: (next: Paging) => void,
): void {
  const emptied = list.data !== undefined && !list.isPlaceholderData && list.data.list.length === 0 && page.pageNo > 1;
  useEffect(() => {
    if (emptied) setPage({ pageNo: page.pageNo - 1, pageSize: page.pageSize });
  }, [emptied, page.pageNo, page.pageSize, setPage]);
}
