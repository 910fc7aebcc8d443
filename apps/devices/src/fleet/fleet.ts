import { type Cancel, type Clock, systemClock } from '../clock';
import { Gateway } from '../gateway/gateway';
import { SimulatedLock } from '../lock/lock';
import type { LockKind } from '../lock/lockKind';
import {
  applyControl,
  type CheckedControlCommand,
  type ControlCommand,
  type ControlTarget,
  type ImmediateControlCommand,
} from './control';
import type { FleetLayout, FleetLine, GatewayStatusLine } from './fleetLines';
import { extendFleet } from './fleetPlan';
import {
  emptyFleetState,
  type FleetState,
  isRegistered,
  type RegisteredGateway,
  type RegisteredLock,
} from './fleetState';
import type { Registrar } from './registrar';
import { allowRemoteUnlock, type RegistrationContext, registerFleet } from './registration';
import { Persister, StateFile } from './stateFile';
import { startTrickle } from './trickle';

export const FLEET_DEFAULTS = {
  gateways: 2,
  locksPerGateway: 3,
  kinds: ['door', 'hotel', 'parking'] as readonly LockKind[],
  onlineTimeoutMs: 15_000,
};

export interface FleetOptions {
  /** The MQTT broker the gateways connect to. */
  mqttUrl: string;
  /** Where the fleet is kept between runs (written on every change); none: memory only. */
  stateFile?: string;
  /** A fleet to start from instead of the state file (e.g. devices a benchmark registered itself). */
  state?: FleetState;
  /** Registers what the state does not have yet (HttpRegistrar, or a test's own). */
  registrar?: Registrar;
  /** Size of a fleet it creates or extends (never shrinks one). */
  gateways?: number;
  locksPerGateway?: number;
  kinds?: readonly LockKind[];
  /** The new locks' UTC offset in ms. */
  timezoneRawOffset?: number;
  /** Cities (GeoNames ids) the gateways' networks are in, taken in turn. */
  cities?: readonly number[];
  bluetoothLatencyMs?: number;
  /** Something happens at a random lock every ~N seconds (0 or absent: nothing). */
  trickleSeconds?: number;
  /** Ask the cloud to turn remote unlock on for door and hotel locks (default: yes, with a registrar). */
  allowRemoteUnlock?: boolean;
  /** How long start waits for every gateway to be online. */
  onlineTimeoutMs?: number;
  clock?: Clock;
  random?: () => number;
  /** Machine-readable lines (the CLI prints them on stdout). */
  report?: (line: FleetLine) => void;
  /** Human-readable diagnostics (the CLI prints them on stderr). */
  log?: (message: string) => void;
}

interface LiveLock {
  lock: SimulatedLock;
  gateway: Gateway;
  entry: RegisteredLock;
}

/**
 * Runs a fleet of simulated gateways and locks: registers what is new with the cloud, keeps
 * everything in the state file, connects every gateway, and answers the control commands.
 */
export class Fleet implements ControlTarget {
  private readonly gateways = new Map<number, Gateway>();
  private readonly locks = new Map<string, LiveLock>();
  private readonly persister: Persister;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly report: (line: FleetLine) => void;
  private readonly log: (message: string) => void;
  private stopTrickle: Cancel | undefined;
  private stopped = false;

  constructor(
    private readonly state: FleetState,
    file: StateFile | undefined,
    private readonly options: FleetOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.report = options.report ?? (() => {});
    this.log = options.log ?? (() => {});
    this.persister = new Persister(file, () => this.snapshot(), this.log);
  }

  /** Registers, connects, turns remote unlock on, starts the trickle; reports `ready`. */
  async start(): Promise<void> {
    const added = extendFleet(this.state, {
      gateways: this.options.gateways ?? (this.state.gateways.length > 0 ? 0 : FLEET_DEFAULTS.gateways),
      locksPerGateway: this.options.locksPerGateway ?? FLEET_DEFAULTS.locksPerGateway,
      kinds: this.options.kinds?.length ? this.options.kinds : FLEET_DEFAULTS.kinds,
      timezoneRawOffset: this.options.timezoneRawOffset,
      cities: this.options.cities,
      random: this.random,
    });
    if (added > 0) this.log(`planned ${added} new gateway(s)`);
    this.persister.flush();
    const context = this.registrationContext();
    if (context) await registerFleet(this.state, context);
    const unregistered = this.state.gateways.filter((gateway) => !isRegistered(gateway));
    if (unregistered.length > 0) {
      throw new Error(`${unregistered.length} gateway(s) are not registered and there is no API to register them`);
    }
    this.persister.flush();
    for (const entry of this.state.gateways as RegisteredGateway[]) this.build(entry);
    await Promise.all([...this.gateways.values()].map((gateway) => gateway.start()));
    const timeout = this.options.onlineTimeoutMs ?? FLEET_DEFAULTS.onlineTimeoutMs;
    const online = await Promise.all([...this.gateways.values()].map((gateway) => gateway.whenOnline(timeout)));
    const missing = online.filter((ok) => !ok).length;
    if (missing > 0) this.log(`${missing} gateway(s) not online after ${timeout} ms; they keep trying`);
    if (context && this.options.allowRemoteUnlock !== false) await allowRemoteUnlock(this.state, context);
    if (this.options.trickleSeconds && this.options.trickleSeconds > 0) {
      this.stopTrickle = startTrickle({
        seconds: this.options.trickleSeconds,
        locks: () => [...this.locks.values()].map((live) => live.lock),
        clock: this.clock,
        random: this.random,
        log: this.log,
      });
    }
    this.report({ event: 'ready', gateways: this.layout() });
  }

  gateway(gatewayId: number): Gateway | undefined {
    return this.gateways.get(gatewayId);
  }

  lock(lockMac: string): { lock: SimulatedLock; gateway: Gateway } | undefined {
    return this.locks.get(lockMac);
  }

  get allGateways(): Gateway[] {
    return [...this.gateways.values()];
  }

  get allLocks(): SimulatedLock[] {
    return [...this.locks.values()].map((live) => live.lock);
  }

  /** Ids and MACs of every gateway and lock. */
  layout(): FleetLayout[] {
    return this.groupByGateway().map(({ gateway, entry, locks }) => ({
      gatewayId: gateway.gatewayId,
      mac: entry.mac,
      locks: locks.map((live) => ({ lockId: live.entry.lockId, mac: live.lock.mac, kind: live.lock.kind })),
    }));
  }

  status(): GatewayStatusLine[] {
    return this.groupByGateway().map(({ gateway, entry, locks }) => ({
      gatewayId: gateway.gatewayId,
      mac: entry.mac,
      name: entry.name,
      online: gateway.isOnline,
      locks: locks.map(({ lock, entry: lockEntry }) => ({
        lockId: lockEntry.lockId,
        mac: lock.mac,
        kind: lock.kind,
        state: lock.state,
        battery: lock.batteryPercent,
        driftMs: lock.clockDriftMs,
        fault: gateway.faultOf(lock.mac) ?? 'none',
        unsentRecords: lock.unsentRecordCount,
        remoteUnlock: lock.switchValue('remoteUnlock'),
        ...(lock.parkingPosition ? { parking: lock.parkingPosition } : {}),
      })),
    }));
  }

  /**
   * Carries out a control command; returns (and reports) the answer line. `keypad` and
   * `appUnlock` answer when the lock has checked the code or credential (a promise); a caller
   * that wants every answer in order waits for each (as the CLI does).
   */
  control(command: CheckedControlCommand): Promise<FleetLine>;
  control(command: ImmediateControlCommand): FleetLine;
  control(command: ControlCommand): FleetLine | Promise<FleetLine>;
  control(command: ControlCommand): FleetLine | Promise<FleetLine> {
    const answer = applyControl(this, command);
    if (!(answer instanceof Promise)) {
      this.report(answer);
      return answer;
    }
    return answer.then((line) => {
      this.report(line);
      return line;
    });
  }

  /** Nothing more happens at the doors (the trickle stops); the gateways stay connected. */
  quiet(): void {
    this.stopTrickle?.();
    this.stopTrickle = undefined;
  }

  /** Records the locks wrote that the cloud has not acknowledged yet. */
  unsentRecordCount(): number {
    let unsent = 0;
    for (const { lock } of this.locks.values()) unsent += lock.unsentRecordCount;
    return unsent;
  }

  /** Stops cleanly: every gateway signs off (offline status), the state is written. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopTrickle?.();
    await Promise.all([...this.gateways.values()].map((gateway) => gateway.stop()));
    for (const { lock } of this.locks.values()) lock.dispose();
    this.persister.flush();
  }

  /** Vanishes at once, as under SIGKILL: no offline status, nothing more written. */
  terminate(): void {
    this.stopped = true;
    this.stopTrickle?.();
    this.persister.abandon();
    for (const gateway of this.gateways.values()) gateway.terminate();
    for (const { lock } of this.locks.values()) lock.dispose();
  }

  private registrationContext(): RegistrationContext | undefined {
    const registrar = this.options.registrar;
    if (!registrar) return undefined;
    return { registrar, persist: () => this.persister.flush(), log: this.log, random: this.random };
  }

  private build(entry: RegisteredGateway): void {
    const reached = entry.locks.map((lockEntry) => ({
      lock: new SimulatedLock(lockEntry.lock, this.clock),
      rssi: lockEntry.rssi,
      entry: lockEntry,
    }));
    const gateway = new Gateway({
      gatewayId: entry.gatewayId,
      secret: entry.secret,
      mqttUrl: this.options.mqttUrl,
      locks: reached,
      wifi: { networkName: entry.networkName, rssi: entry.rssi },
      clock: this.clock,
      ...(this.options.bluetoothLatencyMs !== undefined ? { bluetoothLatencyMs: this.options.bluetoothLatencyMs } : {}),
      seenCommands: entry.seenCommands,
      log: this.log,
    });
    this.followGateway(gateway);
    this.gateways.set(gateway.gatewayId, gateway);
    for (const { lock, entry: lockEntry } of reached) {
      if (!lock.hasSecret) {
        this.log(
          `lock ${lockEntry.name} (${lock.mac}) has no secret (registered before locks kept theirs): it refuses offline passcodes and eKey credentials`,
        );
      }
      this.followLock(lock);
      this.locks.set(lock.mac, { lock, gateway, entry: lockEntry });
    }
  }

  private followGateway(gateway: Gateway): void {
    const gatewayId = gateway.gatewayId;
    gateway.on('changed', () => this.persister.changed());
    gateway.on('online', () => {
      this.log(`gateway ${gatewayId} online`);
      this.report({ event: 'online', gatewayId });
    });
    gateway.on('offline', () => {
      this.log(`gateway ${gatewayId} offline`);
      this.report({ event: 'offline', gatewayId });
    });
    gateway.on('command', (report) => {
      this.log(`gateway ${gatewayId}: ${report.name || '?'} ${report.lockMac ?? ''} ${report.id}: ${report.outcome}`);
      this.report({ event: 'command', ...report });
    });
  }

  private followLock(lock: SimulatedLock): void {
    const lockMac = lock.mac;
    lock.on('changed', () => this.persister.changed());
    lock.on('bolt', (state) => this.report({ event: 'bolt', lockMac, state }));
    lock.on('parking', (parking) => this.report({ event: 'parking', lockMac, parking }));
    lock.on('clock', (driftMs) => this.report({ event: 'clock', lockMac, driftMs }));
  }

  private groupByGateway() {
    return (this.state.gateways as RegisteredGateway[]).flatMap((entry) => {
      const gateway = this.gateways.get(entry.gatewayId);
      if (!gateway) return [];
      const locks = entry.locks.flatMap((lockEntry) => {
        const live = this.locks.get(lockEntry.lock.mac);
        return live ? [live] : [];
      });
      return [{ gateway, entry, locks }];
    });
  }

  /** The state as the file keeps it, with every live device's memory. */
  private snapshot(): FleetState {
    for (const entry of this.state.gateways) {
      const gateway = entry.gatewayId === null ? undefined : this.gateways.get(entry.gatewayId);
      if (gateway) entry.seenCommands = gateway.seenCommands();
      for (const lockEntry of entry.locks) {
        const live = this.locks.get(lockEntry.lock.mac);
        if (live) lockEntry.lock = live.lock.snapshot();
      }
    }
    return this.state;
  }
}

/** Starts a fleet from its state file (or `options.state`, or nothing): see Fleet. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const file = options.stateFile ? new StateFile(options.stateFile) : undefined;
  const state = options.state ?? file?.read() ?? emptyFleetState();
  const fleet = new Fleet(state, file, options);
  try {
    await fleet.start();
  } catch (error) {
    fleet.terminate();
    throw error;
  }
  return fleet;
}
