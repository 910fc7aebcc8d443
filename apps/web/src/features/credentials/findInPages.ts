/** One page of a list as the server gives it. */
export interface ListPage<T> {
  list: T[];
  pages: number;
}

/**
 * The first item a list holds that `matches`, looking one page at a time from the first (the
 * newest) until the list ends or `maxPages` were read; undefined when none matches.
 */
export async function findInPages<T>(
  fetchPage: (pageNo: number) => Promise<ListPage<T>>,
  matches: (item: T) => boolean,
  maxPages = 25,
): Promise<T | undefined> {
  for (let pageNo = 1; pageNo <= maxPages; pageNo++) {
    const page = await fetchPage(pageNo);
    const found = page.list.find(matches);
    if (found) return found;
    if (page.list.length === 0 || pageNo >= page.pages) return undefined;
  }
  return undefined;
}
