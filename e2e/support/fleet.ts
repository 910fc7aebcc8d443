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

/** A fleet's answer to a control line. */
export interface FleetAck {
  ok: boolean;
  error?: string;
}

/**
 * Tells a fleet one control line (apps/devices fleet/control.ts) and reads its ack (the first ack
 * of the same `do`); rejects when none comes in 15 s.
 */
export function fleetAck(fleet: FleetChild, line: { do: string } & Record<string, unknown>): Promise<FleetAck> {
  return new Promise<FleetAck>((done, fail) => {
    let buffered = '';
    const timer = setTimeout(() => finish(undefined, new Error(`no ack of ${line.do} in 15 s`)), 15_000);
    const onData = (chunk: Buffer) => {
      buffered += String(chunk);
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const text of lines) {
        if (!text.includes('"event":"ack"')) continue;
        const ack = JSON.parse(text) as { do: string } & FleetAck;
        if (ack.do === line.do) finish(ack);
      }
    };
    const finish = (ack?: FleetAck, error?: Error) => {
      clearTimeout(timer);
      fleet.stdout?.off('data', onData);
      if (ack) done(ack);
      else fail(error);
    };
    fleet.stdout?.on('data', onData);
    fleet.stdin?.write(`${JSON.stringify(line)}\n`);
  });
}

/** Tells a fleet one control line: resolves when the fleet took it, rejects with its reason otherwise. */
export async function controlFleet(fleet: FleetChild, line: { do: string } & Record<string, unknown>): Promise<void> {
  const ack = await fleetAck(fleet, line);
  if (!ack.ok) throw new Error(`${line.do}: ${ack.error}`);
}

/** Someone types `code` at the fleet's lock's keypad: whether the lock opened. */
export async function keypadOpens(fleet: FleetChild, lockMac: string, code: string): Promise<boolean> {
  return (await fleetAck(fleet, { do: 'keypad', lock: lockMac, code })).ok;
}

/** The fleet's lock forgets a stored passcode behind the product's back (drift). */
export function loseCode(fleet: FleetChild, lockMac: string, code: string): Promise<void> {
  return controlFleet(fleet, { do: 'loseCode', lock: lockMac, code });
}

/** A passcode the product never sent appears in the fleet's lock (drift). */
export function gainCode(fleet: FleetChild, lockMac: string, code: string): Promise<void> {
  return controlFleet(fleet, { do: 'gainCode', lock: lockMac, code });
}
