import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';

describe('ManualClock', () => {
  it('runs due callbacks in time order as it advances, with the time of each', () => {
    const clock = new ManualClock(1_000);
    const seen: string[] = [];
    clock.schedule(() => seen.push(`b@${clock.now()}`), 200);
    clock.schedule(() => seen.push(`a@${clock.now()}`), 100);
    const cancel = clock.schedule(() => seen.push('cancelled'), 150);
    expect(clock.pending).toBe(3);
    cancel();
    expect(clock.pending).toBe(2);
    clock.advance(150);
    expect(seen).toEqual(['a@1100']);
    expect(clock.pending).toBe(1);
    clock.advance(1_000);
    expect(seen).toEqual(['a@1100', 'b@1200']);
    expect(clock.pending).toBe(0);
    expect(clock.now()).toBe(2_150);
  });

  it('runs callbacks scheduled by callbacks when they fall due in the same advance', () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    clock.schedule(() => clock.schedule(() => seen.push(clock.now()), 50), 50);
    clock.advance(100);
    expect(seen).toEqual([100]);
  });
});
