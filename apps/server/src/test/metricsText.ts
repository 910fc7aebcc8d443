import type { TestServer } from './harness';

/** An in-process test server's /metrics text. */
export async function metricsTextOf(server: TestServer): Promise<string> {
  const reply = await server.app.inject({ method: 'GET', url: '/metrics' });
  if (reply.statusCode !== 200) throw new Error(`/metrics answered ${reply.statusCode}`);
  return reply.body;
}
