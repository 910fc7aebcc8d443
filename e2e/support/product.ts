import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
/**
 * Where this run's product is described for the test workers: a file of this run's own (global
 * set-up names it in the environment the workers inherit), so runs side by side never mix.
 */
export function stateFile(): string {
  const named = process.env.SMARTLOCK_E2E_STATE;
  if (!named) throw new Error('SMARTLOCK_E2E_STATE is not set: the global set-up starts the product');
  return named;
}

export interface Product {
  url: string;
  port: number;
  /** Every line the server printed (its log carries outbox messages). */
  logFile: string;
}

/** Starts the built product as `npm start` runs it, on a free port with a fresh data folder. */
export async function startProduct(): Promise<{ product: Product; child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'smartlock-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    // Behind a trusted proxy header, each test calls from an address of its own, as separate users do.
    env: {
      ...process.env,
      TRUST_PROXY: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      // The machine may run its own broker on 1883: the product's embedded one takes any free port.
      MQTT_PORT: '0',
      MQTT_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const { appendFileSync } = await import('node:fs');
  const record = (chunk: Buffer) => {
    output += chunk;
    appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = output.match(/SmartLock console\s+http:\/\/localhost:(\d+)\//);
    if (match?.[1]) {
      const port = Number(match[1]);
      const product = { url: `http://localhost:${port}`, port, logFile };
      process.env.SMARTLOCK_E2E_STATE = join(dataDir, 'product.json');
      writeFileSync(stateFile(), JSON.stringify({ ...product, pid: child.pid }));
      return { product, child };
    }
    if (child.exitCode !== null) throw new Error(`the product exited:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`the product did not start in time:\n${output}`);
}
