// Runs one benchmark by name (bench/<name>.bench.ts), or all of them.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
// The summary measures nothing: it tables what the others kept, so it comes last.
const all = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''))
  .sort((a, b) => (a === 'summary') - (b === 'summary') || a.localeCompare(b));
for (const name of wanted.length ? wanted : all) {
  if (!all.includes(name)) {
    console.error(`No benchmark "${name}". Available: ${all.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== bench: ${name} ==`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.bench.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
