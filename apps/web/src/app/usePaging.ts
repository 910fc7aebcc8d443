import { PAGE_SIZE } from '@smartlock/contract';
import { useState } from 'react';

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
