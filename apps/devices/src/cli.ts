/**
 * `npm run devices -- fleet ...`: runs a fleet of simulated gateways and locks.
 * `npm run devices -- driver ...`: runs the simulated local device driver (WebSocket).
 * Machine-readable lines on stdout, control lines on stdin, diagnostics on stderr (see cli/usage.ts).
 */
import { createInterface } from 'node:readline';
import { type DriverArgs, type FleetArgs, parseCliArgs } from './cli/args';
import { USAGE } from './cli/usage';
import { parseDriverControlLine } from './driver/driverControl';
import { type DriverLine, type DriverSimulator, startDriverSimulator } from './driver/driverServer';
import { describeError } from './errors';
import { ApiClient } from './fleet/apiClient';
import { parseControlLine } from './fleet/control';
import { type Fleet, startFleet } from './fleet/fleet';
import type { FleetLine } from './fleet/fleetLines';
import { HttpRegistrar } from './fleet/httpRegistrar';

const print = (line: FleetLine | DriverLine) => process.stdout.write(`${JSON.stringify(line)}\n`);
const log = (message: string) => process.stderr.write(`[devices] ${message}\n`);

/** Carries out control lines one after the other: each ack is printed once its check is done, in line order. */
function followControl(fleet: Fleet): void {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let previous: Promise<unknown> = Promise.resolve();
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    previous = previous
      .then(async () => {
        const parsed = parseControlLine(line);
        if (parsed.ok) await fleet.control(parsed.command);
        else print({ event: 'ack', do: '?', ok: false, error: parsed.error });
      })
      .catch((error: unknown) => log(`control line failed: ${describeError(error)}`));
  });
}

/** Carries out the driver's control lines, printing each ack (or the status) in line order. */
function followDriverControl(driver: DriverSimulator): void {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    const parsed = parseDriverControlLine(line);
    print(parsed.ok ? driver.control(parsed.command) : { event: 'ack', do: '?', ok: false, error: parsed.error });
  });
}

function stopOnSignals(running: () => { stop(): Promise<void> } | undefined, what: string): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: ${what}`);
    const current = running();
    const done = current ? current.stop() : Promise.resolve();
    done.then(
      () => process.exit(0),
      (error: unknown) => {
        log(`stopping failed: ${describeError(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function runFleet(args: FleetArgs): Promise<void> {
  let fleet: Fleet | undefined;
  stopOnSignals(() => fleet, 'signing off');
  const api = new ApiClient(args.api);
  log(`logging in to ${args.api} as ${args.account}`);
  await api.login(args.account, args.password, args.countryCode);
  log(`state file ${args.state}; broker ${args.mqtt}`);
  fleet = await startFleet({
    mqttUrl: args.mqtt,
    stateFile: args.state,
    registrar: new HttpRegistrar(api, log),
    ...(args.gateways !== undefined ? { gateways: args.gateways } : {}),
    ...(args.locksPerGateway !== undefined ? { locksPerGateway: args.locksPerGateway } : {}),
    ...(args.kinds ? { kinds: args.kinds } : {}),
    ...(args.timezoneRawOffset !== undefined ? { timezoneRawOffset: args.timezoneRawOffset } : {}),
    ...(args.cities ? { cities: args.cities } : {}),
    ...(args.latencyMs !== undefined ? { bluetoothLatencyMs: args.latencyMs } : {}),
    ...(args.trickleSeconds !== undefined ? { trickleSeconds: args.trickleSeconds } : {}),
    allowRemoteUnlock: args.allowRemoteUnlock,
    report: print,
    log,
  });
  log(`ready: ${fleet.allGateways.length} gateway(s), ${fleet.allLocks.length} lock(s)`);
  followControl(fleet);
}

async function runDriver(args: DriverArgs): Promise<void> {
  let driver: DriverSimulator | undefined;
  stopOnSignals(() => {
    const running = driver;
    return running && { stop: () => running.close() };
  }, 'closing');
  driver = await startDriverSimulator({
    port: args.port,
    encoder: args.encoder,
    scanners: args.scanners,
    ...(args.version !== undefined ? { version: args.version } : {}),
    ...(args.allowOrigins ? { allowOrigins: args.allowOrigins } : {}),
    report: print,
    log,
  });
  print({ event: 'ready', port: driver.port });
  const devices = driver.devices.list().map((device) => device.deviceId);
  log(`driver ${driver.version} on ws://127.0.0.1:${driver.port}/; devices: ${devices.join(', ') || 'none'}`);
  followDriverControl(driver);
}

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${parsed.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (parsed.kind === 'driver') await runDriver(parsed.args);
  else await runFleet(parsed.args);
}

main().catch((error: unknown) => {
  log(`cannot run: ${describeError(error)}`);
  process.exit(1);
});
