import { MAP_LIVE_PATH } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';

describe('stopping an instance', () => {
  it('ends its open event streams first, so it closes within seconds, then takes no connection', async () => {
    const server = await startTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const stream = await fetch(`${base}${MAP_LIVE_PATH}`);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    while (!received.includes('event: activity')) received += new TextDecoder().decode((await reader.read()).value);

    const started = Date.now();
    const closing = server.close();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    await closing;
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 30_000);
});
