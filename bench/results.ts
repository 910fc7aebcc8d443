/**
 * What a benchmark measured, kept for the summary table (`npm run bench -- summary`): each row a
 * figure, the product's value, the reference measured in the same run, their ratio and the goal.
 * A run writes `bench/results/<bench>.json` anew, with when, where and under what load it ran.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ResultRow {
  figure: string;
  ours: string;
  /** The reference measured in the same run, or what the figure is held against. */
  reference: string;
  /** ours / reference, where both are rates. */
  ratio?: number;
  goal: string;
  met: boolean;
}

export interface Results {
  bench: string;
  measuredAt: string;
  engine: string;
  /** The 1-minute load average when the run ended, and the machine's cores. */
  load: number;
  cores: number;
  rows: ResultRow[];
}

const DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), 'results');

/** Which database and broker a run used, as its environment says. */
export function engineOf(env: NodeJS.ProcessEnv = process.env): string {
  const database = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const broker = env.MQTT_URL || env.TEST_MQTT_URL ? 'Mosquitto' : 'embedded broker';
  return `${database}, ${broker}`;
}

export function saveResults(bench: string, rows: ResultRow[], engine = engineOf()): void {
  const results: Results = {
    bench,
    measuredAt: new Date().toISOString(),
    engine,
    load: Number((loadavg()[0] ?? 0).toFixed(1)),
    cores: cpus().length,
    rows,
  };
  mkdirSync(DIRECTORY, { recursive: true });
  writeFileSync(join(DIRECTORY, `${bench}.json`), `${JSON.stringify(results, null, 2)}\n`);
}

export function loadResults(): Results[] {
  let names: string[] = [];
  try {
    names = readdirSync(DIRECTORY).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(DIRECTORY, name), 'utf8')) as Results);
}
