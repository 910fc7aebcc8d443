import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, whether running from src/ (tests, tsx) or the dist/ bundle. */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@smartlock/server') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @smartlock/server package folder');
    dir = parent;
  }
}
