import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import { serverRoot } from '../paths';

/** The built simulator (apps/devices), run as its own process like real gateways. */
export function fleetCli(): string | undefined {
  const cli = join(serverRoot(), '..', 'devices', 'dist', 'cli.js');
  return existsSync(cli) ? cli : undefined;
}

/**
 * Where the demo gateways are (GeoNames ids: Shenzhen, London, New York City): three locks
 * behind each, so every city reaches the public map's threshold (docs/map.md).
 */
export const DEMO_CITIES = [1795565, 2643743, 5128581] as const;

/**
 * The demo fleet for the demo account: gateways of different versions with door, hotel-room
 * and car-park locks and a steady trickle of unlocks, so a newcomer sees a living system at
 * once. Its state (ids, secrets, lock logs) stays in DATA_DIR/devices.json across restarts.
 */
export function startDemoFleet(options: {
  cli: string;
  apiUrl: string;
  brokerUrl: string;
  account: string;
  password: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): ChildProcess {
  const args = [
    options.cli,
    'fleet',
    '--api',
    options.apiUrl,
    '--account',
    options.account,
    '--mqtt',
    options.brokerUrl,
    '--gateways',
    '3',
    '--locks-per-gateway',
    '3',
    '--kinds',
    'door,hotel,parking',
    '--trickle',
    '20',
    '--cities',
    DEMO_CITIES.join(','),
    '--state',
    join(resolve(options.dataDir), 'devices.json'),
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, DEVICES_PASSWORD: options.password },
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (line.includes('"event":"ready"')) options.log.info('demo fleet ready');
  });
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) =>
    options.log.debug({ fleet: line }, 'demo fleet'),
  );
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) options.log.warn({ code }, 'the demo fleet stopped');
  });
  return child;
}
