import { performance } from 'node:perf_hooks';
import type { MapActivity } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { computeMapActivity } from './mapActivity';

/** How much of the time the database may spend computing the public numbers, at most. */
const MAX_BUSY_SHARE = 0.1;

/**
 * The public numbers, computed at most every few seconds however many screens ask (each
 * instance on its own: everything comes from the database), and within a second of new unlocks.
 * The pause between two computations grows with how long one takes (ten times as long), so a
 * very large fleet never keeps the database more than a tenth of the time busy with them.
 */
export class MapActivityService {
  private cached: { at: number; data: Promise<MapActivity> } | undefined;
  private dirty = false;
  /** How long the last computation took. */
  private lastMs = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
    private readonly minIntervalMs = 1000,
    private readonly compute: (db: Db, now: number) => Promise<MapActivity> = computeMapActivity,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The pause after a computation before the next: the TTL, or longer for a slow one. */
  get refreshMs(): number {
    return Math.max(this.ttlMs, this.lastMs / MAX_BUSY_SHARE);
  }

  current(now = Date.now()): Promise<MapActivity> {
    const age = this.cached ? now - this.cached.at : Number.POSITIVE_INFINITY;
    const soonest = Math.max(this.minIntervalMs, this.lastMs / MAX_BUSY_SHARE);
    if (!this.cached || age >= this.refreshMs || (this.dirty && age >= soonest)) {
      const started = this.clock();
      const data = this.compute(this.db, now);
      this.cached = { at: now, data };
      this.dirty = false;
      data.then(
        () => {
          this.lastMs = this.clock() - started;
        },
        () => {
          if (this.cached?.data === data) this.cached = undefined;
        },
      );
    }
    return this.cached.data;
  }

  /** New unlocks arrived: the next read (a second after the last at most) computes afresh. */
  invalidate(): void {
    this.dirty = true;
  }
}
