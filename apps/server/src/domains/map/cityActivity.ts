import { UNLOCK_METHOD_OF_TYPE, UNLOCK_RECORD_TYPES } from '@smartlock/contract';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cityUnlocks, lockRecords, locks } from '../../db/schema';

/** The time buckets the unlocks are counted in. */
export const Grain = { minute: 1, hour: 2, day: 3 } as const;
type GrainValue = (typeof Grain)[keyof typeof Grain];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SIZE: Record<GrainValue, number> = { [Grain.minute]: MINUTE, [Grain.hour]: HOUR, [Grain.day]: DAY };
const UNIT: Record<GrainValue, string> = { [Grain.minute]: 'minute', [Grain.hour]: 'hour', [Grain.day]: 'day' };

/** How long each grain's buckets are kept: past the window each one serves. */
export const KEEP_MS: Record<GrainValue, number> = {
  [Grain.minute]: 2 * HOUR,
  [Grain.hour]: 49 * HOUR,
  [Grain.day]: 400 * DAY,
};

/** The city id unlocks of locks placed nowhere are counted under (in the totals, never shown). */
export const NO_CITY = 0;

/**
 * The method minute and day buckets are kept under: all methods together. Only the hour buckets
 * keep the method (the credential mix is over the last 24 hours), so the month's buckets stay
 * one row per city and day.
 */
export const ALL_METHODS = '*';

/** The method an unlock is counted under in a grain's buckets. */
export function methodOfGrain(grain: GrainValue, method: string): string {
  return grain === Grain.hour ? method : ALL_METHODS;
}

/** When an unlock counts: the lock's time, but never later than the cloud received it. */
export function unlockTime(record: { lockDate: Date; serverDate: Date }): number {
  return Math.min(record.lockDate.getTime(), record.serverDate.getTime());
}

/** The start of the UTC bucket a time falls in. */
export function bucketOf(time: number, grain: GrainValue): number {
  return Math.floor(time / SIZE[grain]) * SIZE[grain];
}

export interface BucketCount {
  grain: number;
  bucket: number;
  cityId: number;
  method: string;
  count: number;
}

/**
 * Counts newly stored records (in the transaction that stored them): each unlock adds one to
 * its city's minute, hour (under its method) and day buckets (`city_unlocks`), and moves its
 * lock's last unlock. Only what was just inserted is given, so a record sent twice counts once.
 */
export async function countUnlocks(
  tx: Executor,
  lockId: number,
  cityId: number | null,
  stored: { recordType: number; lockDate: Date; serverDate: Date }[],
  now = Date.now(),
): Promise<void> {
  const counts = new Map<string, BucketCount>();
  let last = 0;
  for (const record of stored) {
    const method = UNLOCK_METHOD_OF_TYPE[record.recordType];
    if (!method) continue;
    const time = unlockTime(record);
    last = Math.max(last, time);
    for (const grain of Object.values(Grain)) {
      const bucket = bucketOf(time, grain);
      if (bucket < now - KEEP_MS[grain]) continue;
      const counted = methodOfGrain(grain, method);
      const key = `${grain}:${bucket}:${counted}`;
      const entry = counts.get(key) ?? { grain, bucket, cityId: cityId ?? NO_CITY, method: counted, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  if (last === 0) return;
  if (counts.size > 0) {
    await tx
      .insert(cityUnlocks)
      .values([...counts.values()].map((c) => ({ ...c, bucket: new Date(c.bucket) })))
      .onConflictDoUpdate({
        target: [cityUnlocks.grain, cityUnlocks.bucket, cityUnlocks.cityId, cityUnlocks.method],
        set: { count: sql`${cityUnlocks.count} + excluded.count` },
      });
  }
  await tx
    .update(locks)
    .set({ lastUnlockAt: sql`greatest(${locks.lastUnlockAt}, ${new Date(last)})` })
    .where(eq(locks.id, lockId));
}

/** Drops the buckets older than their grain serves. */
export async function pruneCityActivity(db: Executor, now = Date.now()): Promise<void> {
  await db
    .delete(cityUnlocks)
    .where(
      or(
        ...Object.values(Grain).map((grain) =>
          and(eq(cityUnlocks.grain, grain), lt(cityUnlocks.bucket, new Date(now - KEEP_MS[grain]))),
        ),
      ),
    );
}

/**
 * The buckets recomputed from the stored records alone (each record's city as it arrived), with
 * the same retention: what the incremental counting must equal. Also the way to rebuild them.
 */
export async function recomputeCityActivity(db: Executor, now = Date.now()): Promise<BucketCount[]> {
  const methodCase = sql.join(
    Object.entries(UNLOCK_METHOD_OF_TYPE).map(([type, method]) => sql`when ${Number(type)} then ${method}`),
    sql` `,
  );
  const time = sql`least(${lockRecords.lockDate}, ${lockRecords.serverDate})`;
  const rows: BucketCount[] = [];
  for (const grain of Object.values(Grain)) {
    const bucket = sql<Date>`date_trunc(${UNIT[grain]}, ${time}, 'UTC')`;
    const result = await db
      .select({
        bucket,
        cityId: sql<number>`coalesce(${lockRecords.cityId}, ${NO_CITY})`,
        method:
          grain === Grain.hour
            ? sql<string>`case ${lockRecords.recordType} ${methodCase} end`
            : sql<string>`${ALL_METHODS}::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(lockRecords)
      .where(
        and(
          inArray(lockRecords.recordType, [...UNLOCK_RECORD_TYPES]),
          sql`${bucket} >= ${new Date(bucketOf(now - KEEP_MS[grain], grain))}`,
        ),
      )
      .groupBy(sql`1`, sql`2`, sql`3`);
    for (const row of result) {
      const start = new Date(row.bucket).getTime();
      if (start < now - KEEP_MS[grain]) continue;
      rows.push({ grain, bucket: start, cityId: row.cityId, method: row.method, count: row.count });
    }
  }
  return rows;
}

/** The buckets as kept, in the same shape. */
export async function keptCityActivity(db: Executor): Promise<BucketCount[]> {
  const rows = await db.select().from(cityUnlocks).where(isNotNull(cityUnlocks.bucket));
  return rows.map((r) => ({ ...r, bucket: r.bucket.getTime() }));
}
