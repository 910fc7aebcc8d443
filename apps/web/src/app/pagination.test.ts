import { describe, expect, it } from 'vitest';
import { pagination, paginationLabel } from './pagination';

const t = ((_key: string, params: { pages: number; total: number }) =>
  `${params.pages} pages, ${params.total} items`) as never;

describe('pagination label', () => {
  it('shows total pages and items', () => {
    expect(paginationLabel(t, 45, 20)).toBe('3 pages, 45 items');
    expect(paginationLabel(t, 40, 20)).toBe('2 pages, 40 items');
    expect(paginationLabel(t, 0, 20)).toBe('1 pages, 0 items');
  });
  it('drives the pager from the server page', () => {
    const props = pagination(t, { pageNo: 2, pageSize: 20, total: 45 });
    expect(props).toMatchObject({ current: 2, pageSize: 20, total: 45 });
    expect(props.showTotal?.(45, [21, 40])).toBe('3 pages, 45 items');
  });
});
