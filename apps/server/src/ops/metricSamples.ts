/** Reading Prometheus text (GET /metrics) back: for tests and the benchmarks. */

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

/** The sum of a metric's samples; undefined when the text has none. */
export function metricTotal(text: string, name: string): number | undefined {
  const samples = metricSamples(text, name);
  return samples ? [...samples.values()].reduce((a, b) => a + b, 0) : undefined;
}
