import { describe, expect, it } from 'vitest';
import { findInPages } from './findInPages';

const pages = [[1, 2, 3], [4, 5, 6], [7]];
const fetcher = () => {
  const asked: number[] = [];
  const fetchPage = async (pageNo: number) => {
    asked.push(pageNo);
    return { list: pages[pageNo - 1] ?? [], pages: pages.length };
  };
  return { asked, fetchPage };
};

describe('finding one item in a paged list', () => {
  it('reads pages until it finds the item', async () => {
    const { asked, fetchPage } = fetcher();
    expect(await findInPages(fetchPage, (n) => n === 5)).toBe(5);
    expect(asked).toEqual([1, 2]);
  });
  it('stops at the last page, or at the page limit', async () => {
    const all = fetcher();
    expect(await findInPages(all.fetchPage, (n) => n === 99)).toBeUndefined();
    expect(all.asked).toEqual([1, 2, 3]);
    const limited = fetcher();
    expect(await findInPages(limited.fetchPage, (n) => n === 7, 2)).toBeUndefined();
    expect(limited.asked).toEqual([1, 2]);
  });
  it('stops at an empty page even if the count said more', async () => {
    const asked: number[] = [];
    const found = await findInPages(
      async (pageNo) => {
        asked.push(pageNo);
        return { list: [], pages: 9 };
      },
      () => true,
    );
    expect(found).toBeUndefined();
    expect(asked).toEqual([1]);
  });
});
