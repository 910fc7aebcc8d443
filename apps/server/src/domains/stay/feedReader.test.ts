import { describe, expect, it } from 'vitest';
import { FEED_BYTES_MAX, readFeed } from './feedReader';

const CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const none = { etag: null, lastModified: null };

/** A fetch that answers as given and records the headers it was sent. */
function answering(make: () => Response, seen: Record<string, string>[] = []): typeof fetch {
  return async (_input, init) => {
    seen.push({ ...(init?.headers as Record<string, string>) });
    return make();
  };
}

const options = (send: typeof fetch) => ({ fetch: send, timeoutMs: 50, production: false });

describe('reading a feed over HTTP', () => {
  it('reads a calendar with its validators, and asks again with them (304: unchanged)', async () => {
    const seen: Record<string, string>[] = [];
    const read = await readFeed(
      'http://127.0.0.1/feed.ics',
      none,
      options(
        answering(
          () => new Response(CALENDAR, { headers: { etag: '"v1"', 'last-modified': 'Mon, 01 Mar 2027 00:00:00 GMT' } }),
          seen,
        ),
      ),
    );
    expect(read).toEqual({ kind: 'read', text: CALENDAR, etag: '"v1"', lastModified: 'Mon, 01 Mar 2027 00:00:00 GMT' });
    const again = await readFeed(
      'http://127.0.0.1/feed.ics',
      { etag: '"v1"', lastModified: 'Mon, 01 Mar 2027 00:00:00 GMT' },
      options(answering(() => new Response(null, { status: 304 }), seen)),
    );
    expect(again).toEqual({ kind: 'unchanged' });
    expect(seen[1]).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Mon, 01 Mar 2027 00:00:00 GMT' });
  });

  it('refuses a feed larger than 2 MB, whether it says so or not', async () => {
    const big = `${CALENDAR}${'X'.repeat(FEED_BYTES_MAX)}`;
    const tooLarge = { kind: 'failed', errorKey: 'stayFeed.tooLarge', errorParams: { megabytes: 2 } };
    expect(await readFeed('http://127.0.0.1/a', none, options(answering(() => new Response(big))))).toEqual(tooLarge);
    const streamed = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(big));
            controller.close();
          },
        }),
      );
    expect(await readFeed('http://127.0.0.1/a', none, options(answering(streamed)))).toEqual(tooLarge);
  });

  it('names a status, a page that is no calendar, an address that does not answer in time', async () => {
    expect(
      await readFeed('http://127.0.0.1/a', none, options(answering(() => new Response('gone', { status: 404 })))),
    ).toEqual({ kind: 'failed', errorKey: 'stayFeed.answered', errorParams: { status: 404 } });
    expect(
      await readFeed('http://127.0.0.1/a', none, options(answering(() => new Response('<html></html>')))),
    ).toMatchObject({
      errorKey: 'stayFeed.notCalendar',
    });
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    expect(await readFeed('http://127.0.0.1/a', none, options(never))).toMatchObject({ errorKey: 'stayFeed.timeout' });
  });

  it('refuses in production an address that leads to this machine', async () => {
    const read = await readFeed('https://localhost/a', none, {
      ...options(answering(() => new Response(CALENDAR))),
      production: true,
    });
    expect(read).toMatchObject({ errorKey: 'stayFeed.addressRefused' });
  });
});
