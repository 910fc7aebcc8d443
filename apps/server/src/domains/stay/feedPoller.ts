import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mapAtMost } from '../../util/atMost';
import { PeriodicRun } from '../../util/periodicRun';
import { claimDueFeeds } from './stayFeedQueries';
import type { StayFeedRead } from './stayFeedRead';
import { pruneStays } from './stayQueries';

export interface PollerOptions {
  /** The clock (epoch ms): which feeds are due. Tests drive it. */
  now: () => number;
  /** A claim is this instance's for this long; past it another instance may read the feed (a crash). */
  leaseMs: number;
  /** Feeds claimed at once. */
  batch: number;
  /** Feeds read at once. */
  concurrency: number;
  /** How often the poller looks for due feeds. */
  pollMs: number;
}

export const POLLER_DEFAULTS: PollerOptions = {
  now: () => Date.now(),
  leaseMs: 5 * 60_000,
  batch: 10,
  concurrency: 4,
  pollMs: 30_000,
};

/** How long a stay is kept once its window ended (docs/stays.md, "Keeping stays"). */
export const STAY_RETENTION_DAYS = 90;
/** How often an instance forgets ended stays, and how many at most each time. */
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 1000;

/**
 * Reads due calendar feeds, in every instance: each run claims a batch (FOR UPDATE SKIP LOCKED
 * with a lease, claimDueFeeds), so a feed is read by one instance at a time, and reads each
 * (StayFeedRead), which schedules its next read 15 minutes on, jittered.
 */
export class FeedPoller {
  private readonly options: PollerOptions;
  private readonly periodic: PeriodicRun;
  /** When this instance last forgot ended stays. */
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly reads: StayFeedRead,
    private readonly log: FastifyBaseLogger,
    options: Partial<PollerOptions> = {},
  ) {
    this.options = { ...POLLER_DEFAULTS, ...options };
    this.periodic = new PeriodicRun(
      () => this.runDue(),
      this.options.pollMs,
      (err) => this.log.warn({ err }, 'calendar feeds not read'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  /** Runs soon, if started (once more after a run under way). */
  kick(): void {
    this.periodic.kick();
  }

  /** Stops polling and waits for the run under way (each read bounded by its time limits). */
  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** Claims the feeds due now and reads them; how many were claimed. */
  async runDue(): Promise<number> {
    const claimed = await claimDueFeeds(this.db, {
      now: new Date(this.options.now()),
      batch: this.options.batch,
      leaseMs: this.options.leaseMs,
    });
    await mapAtMost(claimed, this.options.concurrency, (feed) =>
      this.reads.read(feed).catch((err) => this.log.warn({ err, feedId: feed.id }, 'calendar feed not read')),
    );
    await this.pruneEnded();
    return claimed.length;
  }

  /**
   * Forgets, once an hour, the stays whose window ended more than STAY_RETENTION_DAYS ago (their
   * passcodes stay in the lock's list as expired or deleted; their guest links were void since).
   */
  private async pruneEnded(): Promise<void> {
    const now = this.options.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await pruneStays(this.db, new Date(now - STAY_RETENTION_DAYS * 86_400_000), PRUNE_BATCH).catch((err) =>
      this.log.warn({ err }, 'ended stays not pruned'),
    );
  }
}
