// Bundles the simulator's command line (and the contract it imports) into dist/cli.js, which the
// server runs as its demo fleet; npm packages stay external.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@smartlock/'));

await build({
  entryPoints: [join(root, 'src/cli.ts')],
  outfile: join(root, 'dist/cli.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('device simulator bundle: apps/devices/dist/cli.js');
