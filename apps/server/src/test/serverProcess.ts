import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverRoot } from '../paths';
import { CONTRACT_SOURCES, nodeArgsFor } from './bundle';
import { CONSOLE_SECRET } from './harness';

/** A server instance running as its own process: what a test can kill without a goodbye. */
export interface ServerProcess {
  child: ChildProcess;
  /** Its HTTP address, ending in "/". */
  url: string;
  /** Kills it outright (SIGKILL: no shutdown at all) and waits until it is gone. */
  kill(): Promise<void>;
}

/** The server: its bundle when it is up to date, else src/main.ts under tsx. */
function serverCommand(): string[] {
  return nodeArgsFor({
    bundle: join(serverRoot(), 'dist/main.js'),
    entry: join(serverRoot(), 'src/main.ts'),
    sources: [join(serverRoot(), 'src'), CONTRACT_SOURCES],
    // The tests' own helpers are not part of the bundle.
    except: [join(serverRoot(), 'src', 'test')],
  });
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
