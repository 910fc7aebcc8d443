/** An instance's Prometheus text (GET /metrics), and the samples of one metric in it. */

/** The instance's /metrics text (with the token the benchmark gave it). */
export async function metricsText(port: number, token: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

export { metricSamples, metricTotal } from '@smartlock/server/src/ops/metricSamples';
