import { OpenApiError } from './openApiErrors';
import type { OpenApiParams } from './openApiParams';

/** Reading a v3 call's own parameters: whole numbers in bounds, pages, TTLock's "0 means none" dates. */

/** A whole number within bounds, or undefined when absent; anything else is -3 naming the field. */
export function optionalInt(params: OpenApiParams, name: string, min: number, max: number): number | undefined {
  const raw = params[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!/^-?[0-9]{1,16}$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new OpenApiError('badParameter', `${name}: a whole number from ${min} to ${max}`);
  }
  return value;
}

export function requiredInt(params: OpenApiParams, name: string, min: number, max: number): number {
  const value = optionalInt(params, name, min, max);
  if (value === undefined) throw new OpenApiError('badParameter', `${name} is required`);
  return value;
}

/** An id of the console's (lockId, keyId...): a positive whole number. */
export const idOf = (params: OpenApiParams, name: string) => requiredInt(params, name, 1, 2_147_483_647);

/** An instant in epoch ms; TTLock's 0 means none. */
export function optionalDate(params: OpenApiParams, name: string): number | undefined {
  const value = optionalInt(params, name, 0, 7_258_118_400_000);
  return value === 0 ? undefined : value;
}

export interface Page {
  pageNo: number;
  pageSize: number;
}

/** pageNo from 1, pageSize up to the call's most (TTLock's: 200, 1000 for lock lists); 20 when absent. */
export function pageOf(params: OpenApiParams, maxSize: number): Page {
  return {
    pageNo: optionalInt(params, 'pageNo', 1, 100_000) ?? 1,
    pageSize: optionalInt(params, 'pageSize', 1, maxSize) ?? 20,
  };
}

/** A list page in TTLock's form. */
export function ttlockPage<T>(list: T[], total: number, page: Page) {
  return { list, pageNo: page.pageNo, pageSize: page.pageSize, pages: Math.ceil(total / page.pageSize), total };
}

/** The console's largest page. */
const CONSOLE_PAGE_MAX = 200;

/**
 * A TTLock page larger than the console's (lock lists take 1000 a page) read as the console's
 * pages of 200 that cover it: the rows from (pageNo - 1) * pageSize, at most pageSize of them.
 */
export async function spanningPage<T>(
  page: Page,
  fetch: (pageNo: number, pageSize: number) => Promise<{ list: T[]; total: number }>,
): Promise<{ list: T[]; total: number }> {
  if (page.pageSize <= CONSOLE_PAGE_MAX) return fetch(page.pageNo, page.pageSize);
  const first = (page.pageNo - 1) * page.pageSize;
  const rows: T[] = [];
  let total = 0;
  for (let consolePage = Math.floor(first / CONSOLE_PAGE_MAX) + 1; ; consolePage += 1) {
    const got = await fetch(consolePage, CONSOLE_PAGE_MAX);
    total = got.total;
    const start = (consolePage - 1) * CONSOLE_PAGE_MAX;
    const from = Math.max(0, first - start);
    rows.push(...got.list.slice(from, from + page.pageSize - rows.length));
    if (rows.length >= page.pageSize || got.list.length < CONSOLE_PAGE_MAX) break;
  }
  return { list: rows, total };
}

/** A JSON parameter, parsed; malformed JSON is TTLock's 80002. */
export function jsonOf(params: OpenApiParams, name: string): unknown {
  const raw = params[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new OpenApiError('badJson', name);
  }
}
