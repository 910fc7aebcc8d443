import { lookup } from 'node:dns/promises';
import { isLocalHost } from '../webhook/webhookUrl';

/** The largest feed read. */
export const FEED_BYTES_MAX = 2 * 1024 * 1024;
/** One read's time limit. */
export const FEED_TIMEOUT_MS = 10_000;

export interface ReaderOptions {
  /** Where reads are sent (fetch); tests may replace it. */
  fetch: typeof fetch;
  timeoutMs: number;
  /** In production an address that resolves to this machine or a private network is refused at fetch time too. */
  production: boolean;
}

/** What a read came to: the feed's text, unchanged since the last read (304), or why it failed. */
export type FeedFetch =
  | { kind: 'read'; text: string; etag: string | null; lastModified: string | null }
  | { kind: 'unchanged' }
  | { kind: 'failed'; errorKey: string; errorParams: Record<string, string | number> };

const failed = (errorKey: string, errorParams: Record<string, string | number> = {}): FeedFetch => ({
  kind: 'failed',
  errorKey,
  errorParams,
});

async function resolvesToLocal(hostname: string): Promise<boolean> {
  try {
    const addresses = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true });
    return addresses.some((a) => isLocalHost(a.address));
  } catch {
    return false; // unresolved: the read fails on its own
  }
}

/** The body, read no further than FEED_BYTES_MAX (undefined past it). */
async function boundedBody(response: Response): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > FEED_BYTES_MAX) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FEED_BYTES_MAX) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a calendar feed over HTTP: a conditional GET (If-None-Match, If-Modified-Since; 304 is
 * "unchanged"), no redirects followed, within FEED_TIMEOUT_MS and FEED_BYTES_MAX. Every failure
 * is the key of its message in the feed owner's language (messages "stays.*").
 */
export async function readFeed(
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  options: ReaderOptions,
): Promise<FeedFetch> {
  if (options.production && (await resolvesToLocal(new URL(url).hostname))) return failed('stayFeed.addressRefused');
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
    'user-agent': 'Smartlock-Stays/1',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  let response: Response;
  try {
    response = await options.fetch(url, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return failed('stayFeed.timeout', { seconds: Math.round(options.timeoutMs / 1000) });
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return failed('stayFeed.unreachable', { reason: (cause?.code ?? cause?.message ?? String(error)).slice(0, 100) });
  }
  if (response.status === 304) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'unchanged' };
  }
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => undefined);
    return failed('stayFeed.answered', { status: response.status });
  }
  let text: string | undefined;
  try {
    text = await boundedBody(response);
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return failed('stayFeed.timeout', { seconds: Math.round(options.timeoutMs / 1000) });
    }
    return failed('stayFeed.unreachable', { reason: 'the answer broke off' });
  }
  if (text === undefined) return failed('stayFeed.tooLarge', { megabytes: FEED_BYTES_MAX / 1024 / 1024 });
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.replace(/^\uFEFF/, ''))) return failed('stayFeed.notCalendar');
  return {
    kind: 'read',
    text,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}
