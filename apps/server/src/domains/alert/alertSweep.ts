import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type AlertRow, clearEnded, pruneAlerts, raiseLasting, underSweepLock } from './alertQueries';
import type { AlertService } from './alertService';

/** How often each instance offers to sweep (one of them does it at a time). */
export const ALERT_SWEEP_MS = 60_000;
/** How long an alert whose condition ended stays in the list (docs/governance.md, "Retention of alerts"). */
export const ALERT_RETENTION_DAYS = 180;
/** Alerts one round forgets at most (the rest go in the next rounds). */
const PRUNE_BATCH = 1000;

/**
 * The periodic look at lasting conditions: gateways offline past their owner's minutes, locks
 * left unlocked past theirs, batteries below the threshold; and the open alerts whose condition
 * has ended are cleared; those ended and raised more than ALERT_RETENTION_DAYS ago are forgotten. Every instance runs it; the one holding the advisory lock does the work
 * and the others skip that round, and the alerts' partial unique index stores each condition's
 * alert once even so. `now` is the clock (tests hand their own).
 */
export class AlertSweep {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly alerts: AlertService,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** One round: the alerts it raised, or undefined when another instance held the sweep. */
  async sweep(at = this.now()): Promise<AlertRow[] | undefined> {
    const raised = await underSweepLock(this.db, async (tx) => {
      await clearEnded(tx);
      await pruneAlerts(tx, new Date(at - ALERT_RETENTION_DAYS * 86_400_000), PRUNE_BATCH);
      return raiseLasting(tx, new Date(at));
    });
    if (raised?.length) await this.alerts.raised(raised);
    return raised;
  }

  start(intervalMs = ALERT_SWEEP_MS): void {
    this.timer = setInterval(() => {
      this.sweep().catch((err) => this.log.warn({ err }, 'alert sweep failed'));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
