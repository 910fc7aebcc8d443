import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Cancel, type Clock, systemClock } from '../clock';
import { describeError } from '../errors';
import { type FleetState, fleetStateSchema } from './fleetState';

/** The fleet's state file: read once at start, rewritten atomically (temporary file, fsync, rename). */
export class StateFile {
  constructor(readonly path: string) {}

  /** The saved fleet, or undefined when there is no file yet. Throws on a file it cannot read. */
  read(): FleetState | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const parsed = fleetStateSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`${this.path} is not a device state file: ${parsed.error.message}`);
    return parsed.data;
  }

  write(state: FleetState): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(state, null, 1)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.path);
  }
}

/** The least time between two writes while changes keep coming (a busy fleet), in ms. */
export const MIN_WRITE_INTERVAL_MS = 20;

/**
 * Writes the state on every change: changes that come together are written together, at once
 * after a quiet spell and at most every 20 ms while they keep coming, so a process killed at any
 * moment leaves the file as it was a moment before.
 */
export class Persister {
  private pending: Cancel | undefined;
  private lastWrite = 0;

  constructor(
    private readonly file: StateFile | undefined,
    private readonly snapshot: () => FleetState,
    private readonly log: (message: string) => void,
    /** The clock writes are spaced by (tests move a ManualClock instead of waiting). */
    private readonly clock: Clock = systemClock,
  ) {}

  changed(): void {
    if (!this.file || this.pending) return;
    const wait = Math.max(0, this.lastWrite + MIN_WRITE_INTERVAL_MS - this.clock.now());
    this.pending = this.clock.schedule(() => this.flush(), wait);
  }

  /** Drops what is pending without writing it (a process killed before the write). */
  abandon(): void {
    this.pending?.();
    this.pending = undefined;
  }

  /** Writes now (what is pending included). */
  flush(): void {
    this.abandon();
    if (!this.file) return;
    this.lastWrite = this.clock.now();
    try {
      this.file.write(this.snapshot());
    } catch (error) {
      this.log(`cannot write ${this.file.path}: ${describeError(error)}`);
    }
  }
}
