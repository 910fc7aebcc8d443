/** Cancels what `Clock.schedule` arranged. */
export type Cancel = () => void;

/**
 * Time as the simulators see it. Locks and gateways take a clock so tests can move time by hand
 * (ManualClock) instead of waiting for auto-lock or passage-mode boundaries.
 */
export interface Clock {
  /** Epoch ms. */
  now(): number;
  /** Runs `callback` once after `ms`; never keeps the process alive on its own. */
  schedule(callback: () => void, ms: number): Cancel;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(callback, ms) {
    const timer = setTimeout(callback, Math.max(0, ms));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Resolves after `ms` by `clock`. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => {
    clock.schedule(resolve, ms);
  });
}

interface PendingTimer {
  at: number;
  order: number;
  callback: () => void;
}

/** A clock that moves only when told to; due callbacks run in time order as it advances. */
export class ManualClock implements Clock {
  private readonly timers = new Set<PendingTimer>();
  private order = 0;

  constructor(private time = Date.UTC(2026, 0, 5, 9, 0, 0)) {}

  now(): number {
    return this.time;
  }

  schedule(callback: () => void, ms: number): Cancel {
    const timer = { at: this.time + Math.max(0, ms), order: this.order++, callback };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** How many callbacks wait for their time (what the code under test is waiting for). */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, running every callback that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (let next = this.nextDue(end); next; next = this.nextDue(end)) {
      this.timers.delete(next);
      this.time = next.at;
      next.callback();
    }
    this.time = end;
  }

  /** Sets the time (forward only), running what falls due. */
  set(time: number): void {
    this.advance(Math.max(0, time - this.time));
  }

  private nextDue(end: number): PendingTimer | undefined {
    let first: PendingTimer | undefined;
    for (const timer of this.timers) {
      if (timer.at > end) continue;
      if (!first || timer.at < first.at || (timer.at === first.at && timer.order < first.order)) first = timer;
    }
    return first;
  }
}

/** One pending callback at a time: starting it again replaces what was pending. */
export class OneShotTimer {
  private cancel: Cancel | undefined;

  constructor(private readonly clock: Clock) {}

  get pending(): boolean {
    return this.cancel !== undefined;
  }

  start(ms: number, callback: () => void): void {
    this.stop();
    this.cancel = this.clock.schedule(() => {
      this.cancel = undefined;
      callback();
    }, ms);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}
