/** Below this a lock logs a low-battery alert (once per crossing). */
export const LOW_BATTERY_PERCENT = 20;

/** What one motor operation (bolt or barrier) costs, in percent. */
export const DRAIN_PER_OPERATION = 0.1;

/** A lock's battery: every motor operation drains a little; the lock reports whole percents. */
export class Battery {
  constructor(private level: number) {}

  /** Whole percent, 0 to 100, as the lock reports it. */
  get percent(): number {
    return Math.max(0, Math.min(100, Math.round(this.level)));
  }

  /** The exact level, for the state file. */
  get exact(): number {
    return this.level;
  }

  /** One motor operation; true when it took the battery below the low-battery mark. */
  drain(): boolean {
    const before = this.percent;
    this.level = Math.max(0, this.level - DRAIN_PER_OPERATION);
    return before >= LOW_BATTERY_PERCENT && this.percent < LOW_BATTERY_PERCENT;
  }
}
