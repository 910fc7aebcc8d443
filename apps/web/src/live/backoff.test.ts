import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './backoff';

describe('reconnect backoff', () => {
  it('doubles from one second up to thirty', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => reconnectDelay(n, top))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
  it('spreads each delay over half to all of it', () => {
    expect(reconnectDelay(2, () => 0)).toBe(2_000);
    expect(reconnectDelay(2, () => 0.5)).toBe(3_000);
  });
});
