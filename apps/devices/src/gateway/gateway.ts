import { EventEmitter } from 'node:events';
import { type Ack, type DeviceEventData, type Signed, verifyMessage } from '@smartlock/contract';
import { type Clock, sleep, systemClock } from '../clock';
import { describeError } from '../errors';
import type { SimulatedLock } from '../lock/lock';
import { BluetoothQueue } from './bluetoothQueue';
import { type CommandReport, CommandRunner, type LockTarget } from './commandRunner';
import type { LockFault } from './faults';
import { GatewayLink } from './gatewayLink';
import { GatewaySigner, type Wifi } from './gatewaySigner';
import { RecordUploader } from './recordUploader';
import { type SeenCommand, SeenCommands } from './seenCommands';

/** Bluetooth connection time to a lock by default, in ms (each connection varies by ±25%). */
export const DEFAULT_BLUETOOTH_LATENCY_MS = 300;

/** A lock a gateway reaches, with the signal strength it hears it at (RSSI, dBm). */
export interface ReachedLock {
  lock: SimulatedLock;
  rssi: number;
}

export interface GatewayOptions {
  gatewayId: number;
  /** Its MQTT secret (issued by /gateway/add). */
  secret: string;
  /** The broker, e.g. mqtt://127.0.0.1:1883. */
  mqttUrl: string;
  locks?: readonly ReachedLock[];
  wifi?: Wifi;
  /** The gateway's clock (deadlines, time stamps). */
  clock?: Clock;
  bluetoothLatencyMs?: number;
  /** How long the cloud has to acknowledge uploaded records before they go again (ms). */
  recordAckTimeoutMs?: number;
  /** Commands it admitted before a restart (from the state file). */
  seenCommands?: readonly SeenCommand[];
  /** Human-readable diagnostics. */
  log?: (message: string) => void;
}

export interface GatewayCommandReport extends CommandReport {
  gatewayId: number;
}

export interface GatewayEvents {
  online: [];
  offline: [];
  /** What became of a command. */
  command: [report: GatewayCommandReport];
  /** Something the state file keeps changed (the memory of seen commands). */
  changed: [];
}

interface Reach extends LockTarget {
  rssi: number;
  detach: () => void;
}

/**
 * A lock gateway (G1 to G4): bridges its Bluetooth locks to the cloud over MQTT. It runs signed
 * commands once each, before their deadlines, one at a time per lock; it tells the cloud which
 * locks it reaches, when a lock's state changes on its own, and uploads the locks' logs.
 */
export class Gateway extends EventEmitter<GatewayEvents> {
  readonly gatewayId: number;
  private readonly wifi: Wifi;
  private readonly reach = new Map<string, Reach>();
  private readonly seen: SeenCommands;
  private readonly signer: GatewaySigner;
  private readonly link: GatewayLink;
  private readonly runner: CommandRunner;
  private readonly uploader: RecordUploader;
  private readonly secret: string;
  private readonly log: (message: string) => void;
  private readonly latencyMs: number;

  constructor(options: GatewayOptions) {
    super();
    this.gatewayId = options.gatewayId;
    const clock = options.clock ?? systemClock;
    this.wifi = { ...options.wifi };
    this.log = options.log ?? (() => {});
    this.latencyMs = options.bluetoothLatencyMs ?? DEFAULT_BLUETOOTH_LATENCY_MS;
    this.seen = new SeenCommands(options.seenCommands);
    this.signer = new GatewaySigner(options.secret, clock);
    this.link = new GatewayLink({
      url: options.mqttUrl,
      gatewayId: options.gatewayId,
      secret: options.secret,
      signer: this.signer,
      clock,
      wifi: () => this.wifi,
      log: this.log,
    });
    this.runner = new CommandRunner({
      secret: options.secret,
      clock,
      seen: this.seen,
      queue: new BluetoothQueue(),
      signer: this.signer,
      target: (lockMac) => (lockMac ? this.reach.get(lockMac) : undefined),
      send: (message) => this.send(message),
      connectBluetooth: () => sleep(systemClock, this.bluetoothLatency()),
      seenChanged: () => this.emit('changed'),
    });
    this.uploader = new RecordUploader(
      async (lockMac, records) => {
        const event = await this.signer.event('records', lockMac, { records });
        await this.link.publishEvent(event);
        return event.id;
      },
      this.log,
      options.recordAckTimeoutMs,
    );
    this.secret = options.secret;
    for (const { lock, rssi } of options.locks ?? []) this.attach(lock, rssi);
    this.link.on('online', () => this.onOnline());
    this.link.on('offline', () => this.emit('offline'));
    this.link.on('command', (payload) => this.onCommand(payload));
  }

  get isOnline(): boolean {
    return this.link.isOnline;
  }

  get locks(): SimulatedLock[] {
    return [...this.reach.values()].map((entry) => entry.lock);
  }

  lockByMac(lockMac: string): SimulatedLock | undefined {
    return this.reach.get(lockMac)?.lock;
  }

  /** Connects (and keeps reconnecting after drops). */
  start(): Promise<void> {
    return this.link.open();
  }

  /** Resolves true once online, false after `timeoutMs`. */
  whenOnline(timeoutMs = 10_000): Promise<boolean> {
    if (this.isOnline) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.off('online', done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.once('online', done);
    });
  }

  /** Fault: the connection drops abruptly (the broker publishes the last will) and stays down. */
  goOffline(): void {
    this.link.dropConnection();
  }

  /** Back from `goOffline`. */
  goOnline(): void {
    this.link.resume();
  }

  /** Signs off cleanly: offline status, DISCONNECT. */
  async stop(): Promise<void> {
    this.uploader.close();
    await this.link.close();
    this.detachAll();
  }

  /** Vanishes at once (power cut): the broker publishes the last will. */
  terminate(): void {
    this.uploader.close();
    this.link.terminate();
    this.detachAll();
  }

  setFault(lockMac: string, fault: LockFault): boolean {
    const entry = this.reach.get(lockMac);
    if (entry) entry.fault = fault;
    return entry !== undefined;
  }

  faultOf(lockMac: string): LockFault | undefined {
    return this.reach.get(lockMac)?.fault;
  }

  /** The locks it reaches with their RSSI, as its reach event says. */
  reachedLocks(): DeviceEventData<'reach'>['locks'] {
    return [...this.reach.values()].slice(0, 200).map((entry) => ({ lockMac: entry.lock.mac, rssi: entry.rssi }));
  }

  /** Starts reaching a lock (or hears it at another strength): tells the cloud. */
  reachLock(lock: SimulatedLock, rssi: number): void {
    const entry = this.reach.get(lock.mac);
    if (entry?.lock === lock) {
      if (entry.rssi === rssi) return;
      entry.rssi = rssi;
    } else {
      this.forgetLock(lock.mac);
      this.attach(lock, rssi);
      this.uploader.upload(lock);
    }
    this.announceReach();
  }

  /** No longer reaches a lock: tells the cloud. */
  loseLock(lockMac: string): void {
    if (this.forgetLock(lockMac)) this.announceReach();
  }

  seenCommands(): SeenCommand[] {
    return this.seen.snapshot();
  }

  private attach(lock: SimulatedLock, rssi: number): void {
    const onState = () => this.announceState(lock);
    const onRecords = () => this.uploader.upload(lock);
    lock.on('state', onState);
    lock.on('records', onRecords);
    this.reach.set(lock.mac, {
      lock,
      rssi,
      fault: 'none',
      detach: () => {
        lock.off('state', onState);
        lock.off('records', onRecords);
      },
    });
  }

  private forgetLock(lockMac: string): boolean {
    const entry = this.reach.get(lockMac);
    entry?.detach();
    return this.reach.delete(lockMac);
  }

  private detachAll(): void {
    for (const entry of this.reach.values()) entry.detach();
  }

  private onOnline(): void {
    this.announceReach();
    // What the cloud may have missed while it was away: each lock's state and settings, its log.
    for (const lock of this.locks) this.announceState(lock, true);
    this.uploader.uploadAll(this.locks);
    this.emit('online');
  }

  private onCommand(payload: Buffer): void {
    const ack = parseAck(payload);
    if (ack) {
      verifyMessage(ack, this.secret).then((verified) => {
        if (verified) this.uploader.acknowledged(verified.id);
      });
      return;
    }
    this.runner.handle(payload).then(
      (report) => this.emit('command', { gatewayId: this.gatewayId, ...report }),
      (error: unknown) => this.log(`gw-${this.gatewayId}: command failed: ${describeError(error)}`),
    );
  }

  private announceReach(): void {
    if (!this.isOnline) return;
    this.signer.event('reach', undefined, { locks: this.reachedLocks() }).then((event) => this.send(event));
  }

  private announceState(lock: SimulatedLock, withSettings = false): void {
    const settings = withSettings ? lock.queryState() : undefined;
    this.signer
      .event('state', lock.mac, {
        state: lock.state,
        battery: lock.batteryPercent,
        ...(lock.parkingPosition ? { parking: lock.parkingPosition } : {}),
        ...(settings?.ok
          ? { switches: settings.result.switches, autoLockSeconds: settings.result.autoLockSeconds }
          : {}),
      })
      .then((event) => this.send(event));
  }

  /** Publishes on the event topic; the broker's acknowledgement is not awaited. */
  private send(message: object): void {
    this.link.publishEvent(message).catch((error: unknown) => {
      this.log(`gw-${this.gatewayId}: not sent: ${describeError(error)}`);
    });
  }

  private bluetoothLatency(): number {
    return this.latencyMs <= 0 ? 0 : this.latencyMs * (0.75 + Math.random() * 0.5);
  }
}

/** The cloud's acknowledgement of an event, if that is what arrived on the commands topic. */
function parseAck(payload: Buffer): Signed<Ack> | undefined {
  try {
    const message = JSON.parse(payload.toString('utf8')) as Partial<Signed<Ack>>;
    return message?.kind === 'ack' && typeof message.id === 'string' ? (message as Signed<Ack>) : undefined;
  } catch {
    return undefined;
  }
}
