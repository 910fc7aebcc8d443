import { PAGE_SIZE } from '@smartlock/contract';
import type { PaginationProps } from 'antd';
import type { TFunction } from 'i18next';

/** Every list's pager: server-side pages, and a label with total pages and items (spec section 9). */
export function pagination(t: TFunction, page: { pageNo: number; pageSize: number; total: number }): PaginationProps {
  return {
    current: page.pageNo,
    pageSize: page.pageSize,
    total: page.total,
    showSizeChanger: true,
    pageSizeOptions: [10, PAGE_SIZE.default, 50, 100],
    showTotal: (total) => paginationLabel(t, total, page.pageSize),
  };
}

export function paginationLabel(t: TFunction, total: number, pageSize: number): string {
  return t('pagination.total', { pages: Math.max(1, Math.ceil(total / pageSize)), total });
}
