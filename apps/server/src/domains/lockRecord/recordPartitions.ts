import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  addMonthPartition,
  dropRecordPartition,
  recordPartitionNames,
  underPartitionLock,
} from './recordPartitionQueries';

/**
 * Months of partitions made ahead of the current one (docs/records.md, "Partitions"): the job runs
 * every ten minutes, so three months ahead leaves a quarter of a year for it to have run once.
 * The migration that partitioned the table made the same.
 */
export const MONTHS_AHEAD = 3;

/** A month partition's name: `lock_records_2026_11` holds lock times in November 2026 (UTC). */
const MONTH_PARTITION = /^lock_records_(\d{4})_(\d{2})$/;

/** The first day of the month of `at`, `months` on (UTC), as `YYYY-MM-01`. */
export function monthStart(at: Date, months = 0): string {
  const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
  return first.toISOString().slice(0, 10);
}

/** The partition holding lock times of the month starting `month` (`YYYY-MM-01`). */
export function monthPartitionName(month: string): string {
  return `lock_records_${month.slice(0, 4)}_${month.slice(5, 7)}`;
}

/** The month (`YYYY-MM-01`) a partition holds, or undefined for the default partition. */
export function monthOfPartition(name: string): string | undefined {
  const match = MONTH_PARTITION.exec(name);
  return match ? `${match[1]}-${match[2]}-01` : undefined;
}

/** The months that must have a partition at `now`: the current one and MONTHS_AHEAD after it. */
export function monthsToHave(now: Date): string[] {
  return Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => monthStart(now, i));
}

/**
 * The month partitions past retention at `now`: every one whose month ended before the first day
 * of the month `retentionMonths` before the current one (so the current month and the
 * `retentionMonths` before it stay). None when records are kept for good (undefined). The
 * default partition is never among them.
 */
export function expiredPartitions(names: readonly string[], now: Date, retentionMonths: number | undefined): string[] {
  if (retentionMonths === undefined) return [];
  const keepFrom = monthStart(now, -retentionMonths);
  return names.filter((name) => {
    const month = monthOfPartition(name);
    return month !== undefined && month < keepFrom;
  });
}

/** What one run of the job changed; `busy` when another instance was at it (it does the rest). */
export interface PartitionChanges {
  created: string[];
  dropped: string[];
  busy: boolean;
}

/**
 * The unlock records' partitions, kept by the server itself (docs/records.md, "Partitions"): the
 * current month's and MONTHS_AHEAD more made ahead of need, and with a retention set, whole months
 * past it dropped — never a row-by-row delete. Each change is its own short transaction under one
 * advisory lock, so instances never do it twice at once; each re-checks what is there, so a run
 * after another, or after a crash, does only what is left.
 */
export class RecordPartitions {
  constructor(
    private readonly db: Db,
    /** Months of records kept before the current one; undefined keeps every record. */
    private readonly retentionMonths: number | undefined,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async maintain(now = new Date()): Promise<PartitionChanges> {
    const changes: PartitionChanges = { created: [], dropped: [], busy: false };
    const existing = new Set(await recordPartitionNames(this.db));
    const missing = monthsToHave(now).filter((month) => !existing.has(monthPartitionName(month)));
    for (const month of missing) {
      const ran = await underPartitionLock(this.db, async (tx) => {
        if (await addMonthPartition(tx, month)) changes.created.push(monthPartitionName(month));
      });
      if (!ran) return { ...changes, busy: true };
    }
    for (const name of expiredPartitions([...existing], now, this.retentionMonths)) {
      const ran = await underPartitionLock(this.db, async (tx) => {
        if (await dropRecordPartition(tx, name)) changes.dropped.push(name);
      });
      if (!ran) return { ...changes, busy: true };
    }
    if (changes.created.length > 0 || changes.dropped.length > 0) {
      this.log?.info({ created: changes.created, dropped: changes.dropped }, 'record partitions maintained');
    }
    return changes;
  }
}
