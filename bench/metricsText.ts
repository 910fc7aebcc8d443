/** An instance's Prometheus text (GET /metrics), and the samples of one metric in it. */

/** The instance's /metrics text (with the token the benchmark gave it). */
export async function metricsText(port: number, token: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

/** The samples of one metric by the value of `label` (summed over other labels), or under "" without one; none if absent. */
export function metricSamples(text: string, name: string, label?: string): Map<string, number> | undefined {
  const samples = new Map<string, number>();
  let found = false;
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!sample || sample[1] !== name) continue;
    found = true;
    const key = label ? (new RegExp(`${label}="([^"]*)"`).exec(sample[2] ?? '')?.[1] ?? '') : '';
    samples.set(key, (samples.get(key) ?? 0) + Number(sample[3]));
  }
  return found ? samples : undefined;
}

/** The sum of a metric's samples; undefined when the instance does not report it. */
export function metricTotal(text: string, name: string): number | undefined {
  const samples = metricSamples(text, name);
  return samples ? [...samples.values()].reduce((a, b) => a + b, 0) : undefined;
}
