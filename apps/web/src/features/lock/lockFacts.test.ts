import { LockState } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { boltView, isBatteryLow } from './lockFacts';

describe('lock facts', () => {
  it('names the bolt state, raised or lowered for car-park locks', () => {
    expect(boltView(LockState.locked, false).key).toBe('lock.bolt.locked');
    expect(boltView(LockState.unlocked, false).key).toBe('lock.bolt.unlocked');
    expect(boltView(LockState.unknown, false).key).toBe('lock.bolt.unknown');
    expect(boltView(LockState.locked, true).key).toBe('lock.bolt.raised');
    expect(boltView(LockState.unlocked, true).key).toBe('lock.bolt.lowered');
    expect(boltView(9, true).key).toBe('lock.bolt.unknown');
  });
  it('warns of a low battery below 20 %', () => {
    expect(isBatteryLow(19)).toBe(true);
    expect(isBatteryLow(20)).toBe(false);
  });
});
