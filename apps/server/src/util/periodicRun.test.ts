import { describe, expect, it } from 'vitest';
import { PeriodicRun } from './periodicRun';

/** A run the test ends by hand, counting how many started and how many ran at once. */
function gatedRuns() {
  const gates: (() => void)[] = [];
  const state = { started: 0, atOnce: 0, most: 0 };
  const run = () => {
    state.started++;
    state.atOnce++;
    state.most = Math.max(state.most, state.atOnce);
    return new Promise<void>((resolve) =>
      gates.push(() => {
        state.atOnce--;
        resolve();
      }),
    );
  };
  const openNext = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { run, state, openNext };
}

describe('a periodic background run', () => {
  it('runs on start, never twice at once, and once more for kicks during a run', async () => {
    const { run, state, openNext } = gatedRuns();
    const periodic = new PeriodicRun(run, 3_600_000, () => {});
    periodic.start();
    expect(state.started).toBe(1);
    periodic.kick();
    periodic.kick();
    expect(state.started).toBe(1);
    await openNext();
    await openNext();
    expect(state.started).toBe(2);
    expect(state.most).toBe(1);
    const stopped = periodic.stop();
    periodic.kick();
    await stopped;
    expect(state.started).toBe(2);
  });

  it('hands a failed run to its error handler and runs again when kicked', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const periodic = new PeriodicRun(
      async () => {
        runs++;
        if (runs === 1) throw new Error('database away');
      },
      3_600_000,
      (err) => errors.push(err),
    );
    periodic.start();
    await periodic.stop();
    expect(errors).toHaveLength(1);
    periodic.start();
    await periodic.stop();
    expect(runs).toBe(2);
  });

  it('does nothing when kicked before it is started', () => {
    let runs = 0;
    new PeriodicRun(
      async () => {
        runs++;
      },
      1000,
      () => {},
    ).kick();
    expect(runs).toBe(0);
  });
});
