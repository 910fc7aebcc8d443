import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverRoot } from '../paths';
import { CONSOLE_SECRET } from './harness';

/** A server instance running as its own process: what a test can kill without a goodbye. */
export interface ServerProcess {
  child: ChildProcess;
  /** Its HTTP address, ending in "/". */
  url: string;
  /** Kills it outright (SIGKILL: no shutdown at all) and waits until it is gone. */
  kill(): Promise<void>;
}

/** The newest change to the sources the server bundle is built from (its own and the contract's; tests and their helpers aside). */
const TEST_HELPERS = join(serverRoot(), 'src', 'test');

function newestSourceMs(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== TEST_HELPERS) walk(path);
      } else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(serverRoot(), 'src'));
  walk(join(serverRoot(), '..', '..', 'packages', 'contract', 'src'));
  return newest;
}

/**
 * How to run the server: its bundle (`npm run build`, as `npm start` runs it) when that is newer
 * than every source it is built from; else src/main.ts under tsx, which compiles the sources at
 * every start (about twice the start-up time).
 */
function serverCommand(): string[] {
  const bundle = join(serverRoot(), 'dist/main.js');
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newestSourceMs()) return [bundle];
  return ['--import', 'tsx', join(serverRoot(), 'src/main.ts')];
}

/**
 * The server as its own process (its bundle, or src/main.ts under tsx) on the given database and
 * `env` (an external broker, a secret key...); resolves once it listens. Its embedded broker, when
 * it runs one, takes any free port.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: serverRoot(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      CONSOLE_APP_SECRET: CONSOLE_SECRET,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'smartlock-process-')),
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      MQTT_URL: '',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const url = output.match(/SmartLock console\s+(http:\/\/\S+)/)?.[1];
    if (url) return { child, url: url.replace('localhost', '127.0.0.1'), kill };
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await kill();
  throw new Error(`the server did not start: ${output}`);
}
