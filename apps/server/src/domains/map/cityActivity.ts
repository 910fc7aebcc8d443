import { UNLOCK_METHOD_OF_TYPE } from '@smartlock/contract';

/** The time buckets the unlocks are counted in. */
export const Grain = { minute: 1, hour: 2, day: 3 } as const;
export type GrainValue = (typeof Grain)[keyof typeof Grain];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SIZE: Record<GrainValue, number> = { [Grain.minute]: MINUTE, [Grain.hour]: HOUR, [Grain.day]: DAY };

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
 * What newly stored records add (counted in the transaction that stored them): each unlock one
 * to its city's minute, hour (under its method) and day buckets still kept, and the time of the
 * latest unlock, its lock's last (0 when none of them is an unlock).
 */
export function unlockBuckets(
  cityId: number | null,
  stored: { recordType: number; lockDate: Date; serverDate: Date }[],
  now: number,
): { counts: BucketCount[]; last: number } {
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
  return { counts: [...counts.values()].sort(byBucketKey), last };
}

/**
 * The order of the buckets' key (grain, bucket, city, method). Every intake upserts its buckets in
 * this one order, so two intakes counting into the same buckets at once wait for each other
 * instead of each holding a row the other needs (a deadlock).
 */
export function byBucketKey(a: BucketCount, b: BucketCount): number {
  return (
    a.grain - b.grain ||
    a.bucket - b.bucket ||
    a.cityId - b.cityId ||
    (a.method < b.method ? -1 : a.method > b.method ? 1 : 0)
  );
}
