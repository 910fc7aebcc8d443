/**
 * Side by side: a hot read of the product (a signed call over HTTP) against the raw-SQL reference
 * of the same result (the same rows, the same count) through a `pg` pool, at the same concurrency,
 * in the same run. Each case prints its throughput, p50 and p99 for both, and the ratio of the
 * product's throughput to the reference's.
 */
import { performance } from 'node:perf_hooks';
import { saveResults } from './results';
import { percentile } from './support';

/** One hot read: the product's call and the reference that returns the same rows. */
export interface SideBySideCase {
  name: string;
  product: () => Promise<void>;
  reference: () => Promise<void>;
}

/**
 * A case whose two sides are compared before they are timed: the product's reply and the
 * reference's results, each as comparable text (ids in order, counts, total), must agree.
 */
export interface CheckedCase<R> {
  name: string;
  /** The product's call; its reply's data. */
  product: () => Promise<unknown>;
  /** The reference's statements, run together. */
  reference: () => Promise<R>;
  oursOf: (data: unknown) => string;
  theirsOf: (results: R) => string;
}

/** The case, once both sides agree on its result (else it throws: a fast wrong answer is no reference). */
export async function checkedCase<R>(c: CheckedCase<R>): Promise<SideBySideCase> {
  const ours = c.oursOf(await c.product());
  const theirs = c.theirsOf(await c.reference());
  if (ours !== theirs) throw new Error(`${c.name}: ours ${ours}, reference ${theirs}`);
  return {
    name: c.name,
    product: async () => {
      await c.product();
    },
    reference: async () => {
      await c.reference();
    },
  };
}

/** What one side did: calls per second, p50 and p99 in ms. */
export interface SideFigures {
  perSecond: number;
  p50: number;
  p99: number;
}

export interface SideBySideRow {
  name: string;
  ours: SideFigures;
  reference: SideFigures;
  /** ours.perSecond / reference.perSecond */
  ratio: number;
}

export interface SideBySideOptions {
  /** Calls per side and case (measured). */
  calls: number;
  /** Calls in flight at once. */
  concurrency: number;
  /** Calls per side made first and not counted (connections opened, code compiled, caches filled). */
  warmup?: number;
}

/** `calls` calls of `run`, `concurrency` at a time; the figures. */
export async function measure(run: () => Promise<void>, calls: number, concurrency: number): Promise<SideFigures> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      next++;
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
  };
  const wall = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, calls) }, worker));
  const seconds = (performance.now() - wall) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: calls / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Runs each case, product then reference, and prints the table; the rows. */
export async function sideBySide(cases: SideBySideCase[], options: SideBySideOptions): Promise<SideBySideRow[]> {
  const warmup = options.warmup ?? Math.min(200, options.calls);
  console.log(`${options.calls} calls per side at concurrency ${options.concurrency} (after ${warmup} not counted)`);
  const rows: SideBySideRow[] = [];
  for (const c of cases) {
    await measure(c.product, warmup, options.concurrency);
    const ours = await measure(c.product, options.calls, options.concurrency);
    await measure(c.reference, warmup, options.concurrency);
    const reference = await measure(c.reference, options.calls, options.concurrency);
    const row = { name: c.name, ours, reference, ratio: ours.perSecond / reference.perSecond };
    rows.push(row);
    console.log(formatRow(row));
  }
  console.log(`\n${formatTable(rows)}`);
  return rows;
}

function formatRow(row: SideBySideRow): string {
  const side = (f: SideFigures) => `${f.perSecond.toFixed(0)}/s p50 ${f.p50.toFixed(1)} ms p99 ${f.p99.toFixed(1)} ms`;
  return `${row.name}: ours ${side(row.ours)}; reference ${side(row.reference)}; ratio ${row.ratio.toFixed(2)}`;
}

/** The rows as a Markdown table (docs/performance.md takes it as printed). */
export function formatTable(rows: SideBySideRow[]): string {
  const lines = [
    '| figure | ours calls/s | ours p50 ms | ours p99 ms | reference calls/s | reference p50 ms | reference p99 ms | ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.ours.perSecond.toFixed(0)} | ${r.ours.p50.toFixed(1)} | ${r.ours.p99.toFixed(1)} | ${r.reference.perSecond.toFixed(0)} | ${r.reference.p50.toFixed(1)} | ${r.reference.p99.toFixed(1)} | ${r.ratio.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

/** The goal every hot read is held to: at least half the reference's throughput, p99 at most 50 ms. */
export function goalVerdict(rows: SideBySideRow[]): string {
  const short = rows.filter((r) => r.ratio < 0.5 || r.ours.p99 > 50);
  return short.length === 0
    ? 'every case within the goal (ratio >= 0.5, p99 <= 50 ms)'
    : `short of the goal (ratio >= 0.5, p99 <= 50 ms): ${short.map((r) => r.name).join(', ')}`;
}

/** A goal a benchmark holds its rows to: its words and the test. */
export interface SideBySideGoal {
  text: string;
  met(row: SideBySideRow): boolean;
}

/** The hot reads' goal: at least half the reference's throughput, p99 at most 50 ms. */
export const HOT_READ_GOAL: SideBySideGoal = {
  text: 'ratio >= 0.5, p99 <= 50 ms',
  met: (r) => r.ratio >= 0.5 && r.ours.p99 <= 50,
};

/** Keeps the rows for the summary table (bench/results.ts), each held to the goal (the hot reads' unless given). */
export function keepRows(bench: string, rows: SideBySideRow[], goal: SideBySideGoal = HOT_READ_GOAL): void {
  saveResults(
    bench,
    rows.map((r) => ({
      figure: r.name,
      ours: `${r.ours.perSecond.toFixed(r.ours.perSecond < 10 ? 1 : 0)}/s, p99 ${r.ours.p99.toFixed(0)} ms`,
      reference: `${r.reference.perSecond.toFixed(r.reference.perSecond < 10 ? 1 : 0)}/s, p99 ${r.reference.p99.toFixed(0)} ms`,
      ratio: r.ratio,
      goal: goal.text,
      met: goal.met(r),
    })),
  );
}
