/**
 * The one table of docs/performance.md: every figure the benchmarks kept (bench/results/), each
 * beside its reference from the same run, the ratio and the goal. Measures nothing itself: run
 * the benchmarks first (`npm run bench -- lockList`, ...), then `npm run bench -- summary`.
 */
import { loadResults } from './results';

/** The order the table lists the benchmarks in; others follow by name. */
const ORDER = [
  'lockList',
  'lockUsers',
  'credentials',
  'gateways',
  'records',
  'remote',
  'liveFollow',
  'export',
  'memory',
];

const results = loadResults().sort((a, b) => {
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return rank(a.bench) - rank(b.bench) || a.bench.localeCompare(b.bench);
});
if (results.length === 0) {
  console.error('No results kept yet: run the benchmarks first (bench/results/ is empty).');
  process.exit(2);
}
const cell = (text: string) => text.replaceAll('|', '\\|');
console.log('| benchmark | figure | ours | reference | ratio | goal | met |');
console.log('| --- | --- | ---: | ---: | ---: | --- | --- |');
for (const result of results) {
  for (const row of result.rows) {
    const ratio = row.ratio === undefined ? '' : row.ratio.toFixed(2);
    console.log(
      `| ${result.bench} | ${cell(row.figure)} | ${cell(row.ours)} | ${cell(row.reference)} | ${ratio} | ${cell(row.goal)} | ${row.met ? 'yes' : 'no'} |`,
    );
  }
}
console.log('');
for (const result of results) {
  console.log(
    `${result.bench}: ${result.measuredAt.slice(0, 16).replace('T', ' ')} UTC, ${result.engine}, load average ${result.load} on ${result.cores} cores`,
  );
}
