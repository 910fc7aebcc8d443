/** A page of a list as the API returns it (`data.list` plus paging). */
export function pageOf<T>(list: T[], total: number, pageNo: number, pageSize: number) {
  return { list, pageNo, pageSize, pages: Math.ceil(total / pageSize), total };
}

/** Rows to skip for a page. */
export function offsetOf(pageNo: number, pageSize: number): number {
  return (pageNo - 1) * pageSize;
}

/** A LIKE pattern matching a text anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
