import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { DEVICES_CLI } from './fleet';

const ROOT = join(import.meta.dirname, '..', '..');

/** The local device driver simulator (card encoder, two fingerprint scanners) on a free port. */
export async function startDriver(): Promise<{ child: ChildProcess; port: number; control(line: object): void }> {
  const child = spawn(process.execPath, [DEVICES_CLI, 'driver', '--port', '0'], {
    cwd: join(ROOT, 'apps/devices'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const port = await new Promise<number>((ready, fail) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += String(chunk);
      const found = buffered.match(/"event":"ready","port":(\d+)/);
      if (found) ready(Number(found[1]));
    });
    child.once('exit', (code) => fail(new Error(`the driver exited (${code}):\n${output}`)));
  });
  return { child, port, control: (line) => child.stdin?.write(`${JSON.stringify(line)}\n`) };
}
