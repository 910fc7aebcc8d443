import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { product } from './product';

const ROOT = join(import.meta.dirname, '..', '..');
/** The built simulator (`npm run build`, as the product's own demo fleet runs it): no compiling at each start. */
export const DEVICES_CLI = join(ROOT, 'apps/devices/dist/cli.js');

/** The product's MQTT broker, as its start banner names it. */
function brokerUrl(): string {
  const url = readFileSync(product().logFile, 'utf8').match(/Gateways \(MQTT\)\s+(mqtt:\/\/\S+)/)?.[1];
  if (!url) throw new Error('the product named no MQTT broker');
  return url;
}

/**
 * A simulated fleet (apps/devices) of its own for an account, as a separate process: one gateway
 * with one door lock. Resolves once it is registered and online.
 */
/** A fleet's process, with the gateways and locks its `ready` line named (ids and MACs). */
export type FleetChild = ChildProcess & {
  layout?: { gatewayId: number; mac: string; locks: { lockId: number; mac: string }[] }[];
};

export async function startFleet(api: string, account: string, password: string): Promise<FleetChild> {
  const state = join(mkdtempSync(join(tmpdir(), 'smartlock-fleet-')), 'devices.json');
  const args = [DEVICES_CLI, 'fleet', '--api', api, '--account', account];
  args.push('--mqtt', brokerUrl(), '--gateways', '1', '--locks-per-gateway', '1', '--kinds', 'door');
  args.push('--state', state);
  const fleet: FleetChild = spawn(process.execPath, args, {
    cwd: join(ROOT, 'apps/devices'),
    env: { ...process.env, DEVICES_PASSWORD: password },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  fleet.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((ready, fail) => {
    fleet.stdout?.on('data', (chunk: Buffer) => {
      const line = String(chunk)
        .split('\n')
        .find((l) => l.includes('"event":"ready"'));
      if (!line) return;
      fleet.layout = (JSON.parse(line) as { gateways: FleetChild['layout'] }).gateways;
      ready();
    });
    fleet.once('exit', (code) => fail(new Error(`the fleet exited (${code}):\n${output}`)));
  });
  return fleet;
}
