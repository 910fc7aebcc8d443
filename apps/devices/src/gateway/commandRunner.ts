import { admitCommand, type Command, type Progress } from '@smartlock/contract';
import type { Clock } from '../clock';
import type { SimulatedLock } from '../lock/lock';
import { type LockOutcome, refused } from '../lock/outcome';
import type { BluetoothQueue } from './bluetoothQueue';
import type { LockFault } from './faults';
import type { GatewaySigner } from './gatewaySigner';
import { type LockOperation, lockOperationOf } from './lockOperations';
import type { SeenCommands } from './seenCommands';

/** A lock the gateway reaches, with the fault a test has put on it. */
export interface LockTarget {
  lock: SimulatedLock;
  fault: LockFault;
}

/** What became of one command: "ran", or why not ("expired", "duplicate", a DeviceError name, "timeout"). */
export interface CommandReport {
  id: string;
  name: string;
  lockMac?: string;
  outcome: string;
}

export interface CommandRunnerDeps {
  secret: string;
  clock: Clock;
  seen: SeenCommands;
  queue: BluetoothQueue;
  signer: GatewaySigner;
  /** The lock a command is for, when the gateway reaches it. */
  target(lockMac: string | undefined): LockTarget | undefined;
  /** Sends a signed reply or progress on the event topic (in call order). */
  send(message: object): void;
  /** Opens the Bluetooth connection to a lock (it takes a while). */
  connectBluetooth(): Promise<void>;
  /** The memory of seen commands changed (to persist it). */
  seenChanged(): void;
}

function parse(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * What a gateway does with each command it receives: admits it (its own signature, its own
 * clock against the deadline, each id once), checks it against the device vocabulary, waits for
 * the lock's Bluetooth connection (telling the cloud it waits), checks the deadline again right
 * before it touches the lock, and answers with a signed reply.
 */
export class CommandRunner {
  constructor(private readonly deps: CommandRunnerDeps) {}

  async handle(payload: Buffer): Promise<CommandReport> {
    const message = parse(payload);
    const raw = (typeof message === 'object' && message !== null ? message : {}) as Partial<Command>;
    const now = this.deps.clock.now();
    const admission = await admitCommand(message, this.deps.secret, now, this.deps.seen.at(now));
    if (!admission.run) {
      const report = {
        id: typeof raw.id === 'string' ? raw.id : '',
        name: typeof raw.name === 'string' ? raw.name : '',
        ...(typeof raw.lockMac === 'string' ? { lockMac: raw.lockMac } : {}),
        outcome: admission.reason,
      };
      if (admission.reason !== 'duplicate' && report.id) await this.reply(report.id, refused(admission.reason));
      return report;
    }
    this.deps.seenChanged();
    const command = admission.command;
    const prepared = lockOperationOf(command.name, command.params);
    if (!prepared.ok) return this.finish(command, refused(prepared.error));
    const target = this.deps.target(command.lockMac);
    if (!target) return this.finish(command, refused('unknownLock'));
    if (this.deps.queue.isFull(target.lock.mac)) return this.finish(command, refused('lockBusy'));
    let waitAnnounced: Promise<void> = Promise.resolve();
    return this.deps.queue.run(
      target.lock.mac,
      async (waited) => {
        if (waited) {
          await waitAnnounced;
          await this.progress(command.id, 'operating');
        }
        return this.operate(command, target, prepared.operate);
      },
      () => {
        waitAnnounced = this.progress(command.id, 'wait');
      },
    );
  }

  /** Connects to the lock and runs the operation, unless the deadline passed on the way. */
  private async operate(command: Command, target: LockTarget, operate: LockOperation): Promise<CommandReport> {
    if (this.expired(command)) return this.finish(command, refused('expired'));
    await this.deps.connectBluetooth();
    if (this.expired(command)) return this.finish(command, refused('expired'));
    switch (target.fault) {
      case 'timeout':
        return this.report(command, 'timeout');
      case 'outOfRange':
        return this.finish(command, refused('lockOutOfRange'));
      case 'reject':
        return this.finish(command, refused('rejected'));
      case 'none':
        return this.finish(command, operate(target.lock));
    }
  }

  private expired(command: Command): boolean {
    return this.deps.clock.now() > command.deadline;
  }

  private async finish(command: Command, outcome: LockOutcome<Record<string, unknown>>): Promise<CommandReport> {
    await this.reply(command.id, outcome);
    return this.report(command, outcome.ok ? 'ran' : outcome.error);
  }

  private report(command: Command, outcome: string): CommandReport {
    return { id: command.id, name: command.name, ...(command.lockMac ? { lockMac: command.lockMac } : {}), outcome };
  }

  private async reply(id: string, outcome: LockOutcome<Record<string, unknown>>): Promise<void> {
    this.deps.send(await this.deps.signer.reply(id, outcome));
  }

  private async progress(id: string, stage: Progress['stage']): Promise<void> {
    this.deps.send(await this.deps.signer.progress(id, stage));
  }
}
