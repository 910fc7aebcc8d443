import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../paths';

/** The contract's sources, which the server's and the simulator's bundles both include. */
export const CONTRACT_SOURCES = join(serverRoot(), '..', '..', 'packages', 'contract', 'src');

/** The newest change to the files under these folders (test files and the `except` folders aside). */
function newestChangeMs(folders: string[], except: string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!except.includes(path)) walk(path);
      } else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const folder of folders) walk(folder);
  return newest;
}

/**
 * How to run a program of the repository as its own process: its bundle (`npm run build`) when
 * that is newer than every source it is built from; else its TypeScript entry under tsx, which
 * compiles the sources at every start (about twice the start-up time, and its processor time).
 */
export function nodeArgsFor(program: {
  bundle: string;
  entry: string;
  sources: string[];
  except?: string[];
}): string[] {
  const { bundle, entry, sources, except = [] } = program;
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newestChangeMs(sources, except)) return [bundle];
  return ['--import', 'tsx', entry];
}
