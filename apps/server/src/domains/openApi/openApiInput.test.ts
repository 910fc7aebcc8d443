import { describe, expect, it } from 'vitest';
import { OpenApiError } from './openApiErrors';
import { optionalDate, pageOf, spanningPage } from './openApiInput';

/** A list of `size` rows read as the console's pages. */
function pagesOf(size: number) {
  const rows = Array.from({ length: size }, (_, i) => i);
  const asked: number[][] = [];
  const fetch = async (pageNo: number, pageSize: number) => {
    asked.push([pageNo, pageSize]);
    return { list: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: size };
  };
  return { fetch, asked };
}

describe('TTLock pages over the console pages', () => {
  it('reads a page of up to 200 as one console page', async () => {
    const { fetch, asked } = pagesOf(50);
    expect(await spanningPage({ pageNo: 2, pageSize: 20 }, fetch)).toEqual({
      list: [...Array(20).keys()].map((i) => i + 20),
      total: 50,
    });
    expect(asked).toEqual([[2, 20]]);
  });

  it('reads a page of 1000 as the console pages of 200 covering it, stopping at the last', async () => {
    const { fetch, asked } = pagesOf(1450);
    const second = await spanningPage({ pageNo: 2, pageSize: 1000 }, fetch);
    expect(second.list).toHaveLength(450);
    expect(second.list[0]).toBe(1000);
    expect(second.total).toBe(1450);
    expect(asked).toEqual([
      [6, 200],
      [7, 200],
      [8, 200],
    ]);
  });

  it('reads a page of 300 that starts inside a console page', async () => {
    const { fetch } = pagesOf(1000);
    const page = await spanningPage({ pageNo: 2, pageSize: 300 }, fetch);
    expect(page.list).toEqual([...Array(300).keys()].map((i) => i + 300));
  });
});

describe('parameters', () => {
  it('takes pageNo and pageSize within bounds, 20 by default, and names a field out of them', () => {
    expect(pageOf({}, 200)).toEqual({ pageNo: 1, pageSize: 20 });
    expect(pageOf({ pageNo: '3', pageSize: '1000' }, 1000)).toEqual({ pageNo: 3, pageSize: 1000 });
    expect(() => pageOf({ pageSize: '201' }, 200)).toThrow(OpenApiError);
    expect(() => pageOf({ pageNo: '1.5' }, 200)).toThrow(/pageNo/);
  });

  it("reads TTLock's 0 date as none", () => {
    expect(optionalDate({ startDate: '0' }, 'startDate')).toBeUndefined();
    expect(optionalDate({ startDate: '1764230400000' }, 'startDate')).toBe(1_764_230_400_000);
  });
});
