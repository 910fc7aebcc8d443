/** How many commands may wait for one lock before the gateway answers "lockBusy". */
export const MAX_WAITING_PER_LOCK = 16;

interface Line {
  waiting: Array<() => void>;
}

/**
 * A gateway holds one Bluetooth connection per lock at a time: operations on one lock run one
 * after another, in arrival order; operations on different locks run side by side.
 */
export class BluetoothQueue {
  private readonly lines = new Map<string, Line>();

  constructor(private readonly maxWaiting = MAX_WAITING_PER_LOCK) {}

  /** Whether another operation for this lock would have to be turned away. */
  isFull(lockMac: string): boolean {
    return (this.lines.get(lockMac)?.waiting.length ?? 0) >= this.maxWaiting;
  }

  isBusy(lockMac: string): boolean {
    return this.lines.has(lockMac);
  }

  /**
   * Runs `operation` when the lock's connection is free. `onWait` is called at once when it has
   * to wait behind another; `operation` learns whether it waited.
   */
  async run<T>(lockMac: string, operation: (waited: boolean) => Promise<T>, onWait?: () => void): Promise<T> {
    const line = this.lines.get(lockMac);
    let waited = false;
    if (line) {
      waited = true;
      const turn = new Promise<void>((resolve) => line.waiting.push(resolve));
      onWait?.();
      await turn;
    } else {
      this.lines.set(lockMac, { waiting: [] });
    }
    try {
      return await operation(waited);
    } finally {
      this.release(lockMac);
    }
  }

  private release(lockMac: string): void {
    const next = this.lines.get(lockMac)?.waiting.shift();
    if (next) next();
    else this.lines.delete(lockMac);
  }
}
