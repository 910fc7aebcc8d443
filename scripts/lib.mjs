// Helpers shared by the start and test scripts: plain Node, no dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** Whether the npm packages are missing or older than the lock file. */
export function installNeeded() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  return !(existsSync(marker) && statSync(marker).mtimeMs >= newest(lock));
}

/** Installs the npm packages when they are missing or older than the lock file. */
export function ensureInstalled() {
  if (!installNeeded()) return;
  console.log('Installing npm packages...');
  runOrExit('npm', ['install', '--no-audit', '--no-fund']);
}

/** Builds the workspaces (console and server) when a build is missing or older than the sources. */
export function ensureBuilt() {
  const workspaces = ['apps/web', 'apps/server', 'apps/devices'].filter((dir) => {
    const manifest = join(root, dir, 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.build;
  });
  const sources = Math.max(
    newest(join(root, 'packages/contract')),
    ...workspaces.map((dir) => newest(join(root, dir))),
  );
  const builds = workspaces.map((dir) => newest(join(root, dir, 'dist')));
  if (builds.every((time) => time >= sources)) return;
  console.log('Building...');
  runOrExit('npm', ['run', 'build']);
}

/** Runs a long-lived child, passing signals through, and exits with its code. */
export function handOver(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
