import type { MapActivity } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { MapActivityService } from './mapActivityService';

/** A computation that takes `tookMs` on the fake clock; counts its runs. */
function setUp(tookMs: number) {
  let clock = 0;
  let runs = 0;
  const service = new MapActivityService(
    {} as Db,
    5000,
    1000,
    async (_db, now) => {
      runs += 1;
      clock += tookMs;
      return { generatedAt: now } as MapActivity;
    },
    () => clock,
  );
  return { service, runs: () => runs };
}

describe('the public numbers’ cache', () => {
  it('computes once however many screens ask, again after five seconds, and a second after new unlocks', async () => {
    const { service, runs } = setUp(50);
    await Promise.all([service.current(0), service.current(10), service.current(4999)]);
    expect(runs()).toBe(1);
    await service.current(5000);
    expect(runs()).toBe(2);
    service.invalidate();
    await service.current(5500);
    expect(runs()).toBe(2);
    await service.current(6000);
    expect(runs()).toBe(3);
  });

  it('waits ten times as long as a computation took, so the database is busy a tenth of the time at most', async () => {
    const { service, runs } = setUp(2000);
    await service.current(0);
    expect(service.refreshMs).toBe(20_000);
    service.invalidate();
    await service.current(19_999);
    expect(runs()).toBe(1);
    await service.current(20_000);
    expect(runs()).toBe(2);
  });
});
