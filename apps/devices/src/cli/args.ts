import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DRIVER_PORT } from '@smartlock/contract';
import { parseOriginPattern } from '../driver/origins';
import { isLockKind, type LockKind } from '../lock/lockKind';

export interface FleetArgs {
  api: string;
  account: string;
  password: string;
  countryCode?: string;
  mqtt: string;
  gateways?: number;
  locksPerGateway?: number;
  kinds?: LockKind[];
  state: string;
  trickleSeconds?: number;
  latencyMs?: number;
  timezoneRawOffset?: number;
  cities?: number[];
  allowRemoteUnlock: boolean;
}

export interface DriverArgs {
  /** 0: any free port. */
  port: number;
  encoder: boolean;
  scanners: boolean;
  /** The driver version to pretend (hello's driverVersion). */
  version?: string;
  /** Origins pages may connect from; absent: the default (localhost and 127.0.0.1, any port). */
  allowOrigins?: string[];
}

export type CliArgs =
  | { kind: 'help' }
  | { kind: 'fleet'; args: FleetArgs }
  | { kind: 'driver'; args: DriverArgs }
  | { kind: 'error'; message: string };

export const DEFAULT_STATE_FILE = './data/devices.json';

const OPTIONS = {
  help: { type: 'boolean' },
  api: { type: 'string' },
  account: { type: 'string' },
  password: { type: 'string' },
  'country-code': { type: 'string' },
  mqtt: { type: 'string' },
  gateways: { type: 'string' },
  'locks-per-gateway': { type: 'string' },
  kinds: { type: 'string' },
  state: { type: 'string' },
  trickle: { type: 'string' },
  latency: { type: 'string' },
  'timezone-offset': { type: 'string' },
  cities: { type: 'string' },
  'no-remote-unlock': { type: 'boolean' },
  port: { type: 'string' },
  'no-encoder': { type: 'boolean' },
  'no-scanners': { type: 'boolean' },
  version: { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
} as const;

type OptionName = keyof typeof OPTIONS;

/** The options of each mode (help aside). */
const MODE_OPTIONS: Record<'fleet' | 'driver', readonly OptionName[]> = {
  fleet: [
    'api',
    'account',
    'password',
    'country-code',
    'mqtt',
    'gateways',
    'locks-per-gateway',
    'kinds',
    'state',
    'trickle',
    'latency',
    'timezone-offset',
    'cities',
    'no-remote-unlock',
  ],
  driver: ['port', 'no-encoder', 'no-scanners', 'version', 'allow-origin'],
};

class ArgError extends Error {}

function number(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new ArgError(`--${name} must be a number from ${min} to ${max}`);
  }
  return value;
}

function integer(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  const value = number(name, raw, min, max);
  if (value !== undefined && !Number.isInteger(value)) throw new ArgError(`--${name} must be a whole number`);
  return value;
}

function kinds(raw: string | undefined): LockKind[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw.split(',').map((kind) => kind.trim());
  const wrong = list.filter((kind) => !isLockKind(kind));
  if (list.length === 0 || wrong.length > 0) throw new ArgError(`--kinds: unknown kind(s) ${wrong.join(', ')}`);
  return list as LockKind[];
}

function cities(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw.split(',').map((id) => id.trim());
  const wrong = list.filter((id) => !/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647);
  if (wrong.length > 0) throw new ArgError(`--cities: not a GeoNames city id: ${wrong.join(', ')}`);
  return list.map(Number);
}

function url(name: string, raw: string, protocols: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ArgError(`--${name} is not a URL: ${raw}`);
  }
  if (!protocols.includes(parsed.protocol)) throw new ArgError(`--${name} must start with ${protocols.join(' or ')}//`);
  return raw;
}

function driverArgs(values: {
  port?: string;
  'no-encoder'?: boolean;
  'no-scanners'?: boolean;
  version?: string;
  'allow-origin'?: string[];
}): DriverArgs {
  const version = values.version;
  if (version !== undefined && !/^[0-9]+(\.[0-9]+){0,3}$/.test(version)) {
    throw new ArgError('--version must look like 2.4.0');
  }
  const origins = values['allow-origin'];
  const wrong = origins?.find((origin) => !parseOriginPattern(origin));
  if (wrong !== undefined) {
    throw new ArgError(`--allow-origin: "${wrong}" is not an origin (http(s)://host[:port], or :* for any port)`);
  }
  return {
    port: integer('port', values.port, 0, 65_535) ?? DRIVER_PORT,
    encoder: !values['no-encoder'],
    scanners: !values['no-scanners'],
    ...(version !== undefined ? { version } : {}),
    ...(origins ? { allowOrigins: origins } : {}),
  };
}

/**
 * Reads the command line. Relative paths are taken from where the command was typed (npm runs
 * workspace scripts in the workspace, and says where it was called from in INIT_CWD).
 */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliArgs {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true });
    if (values.help) return { kind: 'help' };
    const [mode, ...rest] = positionals;
    if (mode !== 'fleet' && mode !== 'driver') throw new ArgError(mode ? `unknown mode "${mode}"` : 'no mode given');
    if (rest.length > 0) throw new ArgError(`unexpected ${rest.join(' ')}`);
    const foreign = Object.keys(values).filter(
      (name) => name !== 'help' && !MODE_OPTIONS[mode].includes(name as OptionName),
    );
    if (foreign.length > 0) throw new ArgError(`--${foreign[0]} is not an option of ${mode}`);
    if (mode === 'driver') return { kind: 'driver', args: driverArgs(values) };
    const password = values.password ?? env.DEVICES_PASSWORD;
    if (!values.api || !values.account || !password) throw new ArgError('--api, --account and --password are needed');
    const api = url('api', values.api, ['http:', 'https:']);
    const mqtt = values.mqtt
      ? url('mqtt', values.mqtt, ['mqtt:', 'mqtts:', 'tcp:', 'ws:', 'wss:'])
      : `mqtt://${new URL(api).hostname}:1883`;
    const base = env.INIT_CWD ?? process.cwd();
    const state = values.state ?? DEFAULT_STATE_FILE;
    return {
      kind: 'fleet',
      args: {
        api,
        account: values.account,
        password,
        ...(values['country-code'] ? { countryCode: values['country-code'] } : {}),
        mqtt,
        gateways: integer('gateways', values.gateways, 1, 1000),
        locksPerGateway: integer('locks-per-gateway', values['locks-per-gateway'], 0, 200),
        kinds: kinds(values.kinds),
        state: isAbsolute(state) ? state : resolve(base, state),
        trickleSeconds: number('trickle', values.trickle, 0.1, 86_400),
        latencyMs: integer('latency', values.latency, 0, 60_000),
        timezoneRawOffset: integer('timezone-offset', values['timezone-offset'], -12 * 3_600_000, 14 * 3_600_000),
        cities: cities(values.cities),
        allowRemoteUnlock: !values['no-remote-unlock'],
      },
    };
  } catch (error) {
    if (error instanceof ArgError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      return { kind: 'error', message: (error as Error).message };
    }
    throw error;
  }
}
