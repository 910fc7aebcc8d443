import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serverRoot } from '../paths';
import { CONTRACT_SOURCES, nodeArgsFor } from './bundle';

export interface FleetLine {
  event: string;
  [key: string]: unknown;
}

export interface FleetLock {
  lockId: number;
  mac: string;
  kind: string;
}

export interface FleetGateway {
  gatewayId: number;
  mac: string;
  locks: FleetLock[];
}

/** A gateway as the fleet's `status` line shows it (the fields tests read). */
export interface FleetGatewayStatus {
  gatewayId: number;
  online: boolean;
  locks: Array<FleetLock & { state: number; unsentRecords: number }>;
}

/**
 * A simulated fleet as a separate process (`npm run devices -- fleet ...`), as a real gateway
 * would run: controlled over stdin, followed through the JSON lines it prints.
 */
export class FleetProcess {
  readonly lines: FleetLine[] = [];
  private readonly waiters = new Set<() => void>();
  private child: ChildProcess | undefined;
  stderr = '';

  constructor(private readonly args: string[]) {}

  /**
   * A fleet of an account's own door locks, one per gateway, registered through `api` and
   * connected to the broker at `mqtt`, with its state kept in `state`; `extra` adds the CLI's
   * other options (`--no-remote-unlock`, ...).
   */
  static ofDoors(options: {
    api: string;
    account: string;
    password: string;
    mqtt: string;
    state: string;
    gateways: number;
    latencyMs: number;
    extra?: string[];
  }): FleetProcess {
    return new FleetProcess([
      ...['--api', options.api, '--account', options.account, '--password', options.password],
      ...['--mqtt', options.mqtt, '--state', options.state],
      ...['--gateways', String(options.gateways), '--locks-per-gateway', '1', '--kinds', 'door'],
      ...['--latency', String(options.latencyMs), ...(options.extra ?? [])],
    ]);
  }

  start(): this {
    const devices = join(serverRoot(), '..', 'devices');
    const program = nodeArgsFor({
      bundle: join(devices, 'dist', 'cli.js'),
      entry: join(devices, 'src', 'cli.ts'),
      sources: [join(devices, 'src'), CONTRACT_SOURCES],
    });
    const child = spawn(process.execPath, [...program, 'fleet', ...this.args], {
      cwd: devices,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stderr?.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk).slice(-20_000);
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      try {
        this.lines.push(JSON.parse(line) as FleetLine);
      } catch {
        return;
      }
      for (const wake of this.waiters) wake();
    });
    return this;
  }

  /** The first line (from `from` on) that matches, waiting for it up to `timeoutMs`. */
  async waitFor(match: (line: FleetLine) => boolean, timeoutMs = 20_000, from = 0): Promise<FleetLine> {
    const found = () => this.lines.slice(from).find(match);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = found();
      if (line) return line;
      if (this.child?.exitCode !== null && this.child?.exitCode !== undefined) {
        throw new Error(`the fleet exited (${this.child.exitCode}): ${this.stderr}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching fleet line in ${timeoutMs} ms; stderr: ${this.stderr.slice(-3000)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 200));
        this.waiters.add(wake);
      });
    }
  }

  async ready(): Promise<FleetGateway[]> {
    const line = await this.waitFor((l) => l.event === 'ready', 60_000);
    return line.gateways as FleetGateway[];
  }

  control(command: Record<string, unknown>): void {
    this.child?.stdin?.write(`${JSON.stringify(command)}\n`);
  }

  /** Tells the fleet a control line and waits for its ack (`ok`, and `error` when it refused). */
  async ask(command: { do: string } & Record<string, unknown>): Promise<FleetLine> {
    const from = this.lines.length;
    this.control(command);
    return this.waitFor((l) => l.event === 'ack' && l.do === command.do, 15_000, from);
  }

  /** What the fleet says of its gateways and locks now (it answers a `status` control line). */
  async status(): Promise<FleetGatewayStatus[]> {
    const from = this.lines.length;
    this.control({ do: 'status' });
    const line = await this.waitFor((l) => l.event === 'status', 20_000, from);
    return line.gateways as FleetGatewayStatus[];
  }

  /** Records the fleet's locks logged that the cloud has not acknowledged yet. */
  async unsentRecords(): Promise<number> {
    const gateways = await this.status();
    return gateways.flatMap((g) => g.locks).reduce((n, lock) => n + lock.unsentRecords, 0);
  }

  /** Freezes the process: its connection stays open but nothing it receives is handled. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Kills it without a goodbye (SIGKILL): the broker publishes its last will. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}
