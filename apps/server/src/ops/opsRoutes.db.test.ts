import { company } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

const TOKEN = 'metrics-token-0123456789';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
}, 60_000);
afterAll(async () => server?.close());

describe('what an operator’s tooling reads', () => {
  it('is ready when the database and the device link are up', async () => {
    const reply = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ready', database: true, deviceLink: true });
  });

  it('serves the metrics only with the token, by route pattern and never with the query', async () => {
    await server.client().call(company.getCompanyInfo, { domainName: 'localhost' });
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const reply = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toMatch(
      /^smartlock_http_request_duration_seconds_count\{method="GET",route="\/api\/company\/getInfo",status="200"\} 1$/m,
    );
    expect(reply.body).toMatch(/^smartlock_gateways_connected 0$/m);
    expect(reply.body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(reply.body).not.toContain('domainName');
  });

  it('refuses the metrics to everyone in production without a token, unless the operator made them public', async () => {
    const closed = await startTestServer({ NODE_ENV: 'production' });
    const open = await startTestServer({ NODE_ENV: 'production', METRICS_PUBLIC: true });
    try {
      const refused = await closed.app.inject({ method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('smartlock_');
      expect(closed.logs.join('')).toContain('METRICS_TOKEN');
      const served = await open.app.inject({ method: 'GET', url: '/metrics' });
      expect(served.statusCode).toBe(200);
      expect(served.body).toMatch(/^smartlock_gateways_connected 0$/m);
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
