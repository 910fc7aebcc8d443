import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Instance {
  child: ChildProcess;
  port: number;
  /** The MQTT broker gateways reach it through, as its start banner names it. */
  brokerUrl: string;
}

/**
 * Starts one instance of the built product (apps/server/dist/main.js, as `npm start` runs it) on
 * a free port with the given settings; resolves once its start banner is out. What it prints
 * goes to `logFile` when one is given.
 */
export async function startInstance(env: Record<string, string>, logFile?: string): Promise<Instance> {
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const record = (chunk: Buffer) => {
    output += chunk;
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const port = output.match(/SmartLock console\s+http:\/\/localhost:(\d+)\//)?.[1];
    const brokerUrl = output.match(/Gateways \(MQTT\)\s+(mqtt:\/\/\S+)/)?.[1];
    if (port && brokerUrl) return { child, port: Number(port), brokerUrl };
    if (child.exitCode !== null) throw new Error(`the product exited:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`the product did not start in time:\n${output}`);
}

/** Asks an instance to stop (SIGTERM: a graceful shutdown) and waits for it, killing it after 15 s. */
export function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}
