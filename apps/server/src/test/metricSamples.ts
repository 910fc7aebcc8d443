import type { TestServer } from './harness';

/** The samples of one metric in Prometheus text, by label value (`label`), or under "" without labels. */
export function metricSamples(text: string, name: string, label?: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!sample || sample[1] !== name) continue;
    const key = label ? (new RegExp(`${label}="([^"]*)"`).exec(sample[2] ?? '')?.[1] ?? '') : '';
    samples.set(key, (samples.get(key) ?? 0) + Number(sample[3]));
  }
  return samples;
}

/** An in-process test server's /metrics text. */
export async function metricsTextOf(server: TestServer): Promise<string> {
  const reply = await server.app.inject({ method: 'GET', url: '/metrics' });
  if (reply.statusCode !== 200) throw new Error(`/metrics answered ${reply.statusCode}`);
  return reply.body;
}
