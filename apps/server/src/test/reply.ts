import type { Envelope } from '@smartlock/contract';

/** A reply as a test sees it: the HTTP status, the envelope, the headers. */
export interface Reply<T> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A reply's data, typed by its call; a reply without data fails the test here, saying why. */
export function dataOf<T>(reply: Reply<T>): T {
  const { data, errorCode, description } = reply.body;
  if (data === null || data === undefined) {
    throw new Error(`the reply has no data (HTTP ${reply.status}, errorCode ${errorCode}: ${description})`);
  }
  return data;
}
