import { MAP_LIVE_PATH } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';

describe('stopping an instance', () => {
  it('ends its open event streams itself, so closing does not wait for them, then takes no connection', async () => {
    const server = await startTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The server's side of the stream: whether the server has ended it (its response finished).
    let endedByServer = false;
    server.app.server.on('request', (request, response) => {
      if (request.url?.startsWith(MAP_LIVE_PATH)) response.once('finish', () => (endedByServer = true));
    });

    const stream = await fetch(`${base}${MAP_LIVE_PATH}`);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    while (!received.includes('event: activity')) received += new TextDecoder().decode((await reader.read()).value);

    // The client never ends its side, and the stream never ends by itself (between heartbeats it
    // is only silent): a close that waited for it would never finish. The server has ended it by
    // the time its close is done...
    await server.close();
    expect(endedByServer).toBe(true);
    // ...and the client sees the stream end cleanly (a connection cut instead would fail the read).
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 30_000);
});
