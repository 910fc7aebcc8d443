import { type CityItem, UNLOCK_METHOD_OF_TYPE, UNLOCK_RECORD_TYPES } from '@smartlock/contract';
import { and, count, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cities, cityUnlocks, lockRecords, locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import {
  ALL_METHODS,
  type BucketCount,
  bucketOf,
  Grain,
  type GrainValue,
  KEEP_MS,
  NO_CITY,
  unlockBuckets,
} from './cityActivity';
import { cityById } from './cityCatalogue';

/** A bundled city, copied into the database the first time a lock or gateway is placed in it. */
export async function ensureCity(db: Executor, cityId: number): Promise<CityItem> {
  const city = cityById(cityId);
  if (!city) throw new ApiError('badParameter', {}, 'cityId: no such city');
  await db
    .insert(cities)
    .values({
      id: city.cityId,
      name: city.name,
      country: city.country,
      lat: city.lat,
      lon: city.lon,
      population: city.population,
    })
    .onConflictDoNothing();
  return city;
}

/**
 * The city id to store for what a call asked: none for 0 or nothing (clearing), else the bundled
 * city, copied into the database; an unknown id is a bad parameter.
 */
export async function placedCityId(db: Executor, cityId: number | undefined): Promise<number | null> {
  return cityId ? (await ensureCity(db, cityId)).cityId : null;
}

/** The cities of these ids as stored (those that are). */
export async function storedCities(db: Executor, cityIds: number[]): Promise<CityItem[]> {
  if (cityIds.length === 0) return [];
  const rows = await db.select().from(cities).where(inArray(cities.id, cityIds));
  return rows.map((row) => ({
    cityId: row.id,
    name: row.name,
    country: row.country,
    lat: row.lat,
    lon: row.lon,
    population: row.population,
  }));
}

/** A city as stored. */
export async function storedCity(db: Executor, cityId: number): Promise<CityItem | undefined> {
  const [city] = await storedCities(db, [cityId]);
  return city;
}

/**
 * SQL: the city the lock (`locks` in the query) counts in — its own, else the city of the
 * owner's gateway that reaches it with the strongest signal. Null when neither has one.
 */
function effectiveCitySql(): SQL<number | null> {
  // Written with explicit names: the gateway's columns share names with the lock's.
  return sql<number | null>`coalesce("locks"."city_id", (
    select g."city_id" from "gateway_locks" gl
    join "gateways" g on g."id" = gl."gateway_id"
    where gl."lock_id" = "locks"."id" and g."owner_id" = "locks"."owner_id" and g."city_id" is not null
    order by gl."rssi" desc nulls last, g."id"
    limit 1))`;
}

/** The city a lock is placed in itself (`own`), and the one it counts in (`effective`: its own, else its gateway's). */
export async function lockCities(
  db: Executor,
  lockId: number,
): Promise<{ own: number | null; effective: number | null } | undefined> {
  const [row] = await db
    .select({ own: locks.cityId, effective: effectiveCitySql() })
    .from(locks)
    .where(eq(locks.id, lockId));
  return row;
}

/** The city a lock counts in now (null: nowhere). */
export async function effectiveCityOf(db: Executor, lockId: number): Promise<number | null> {
  return (await lockCities(db, lockId))?.effective ?? null;
}

/**
 * Counts newly stored records (in the transaction that stored them) in the city buckets
 * (`city_unlocks`, see unlockBuckets), and moves their lock's last unlock. Only what was just
 * inserted is given, so a record sent twice counts once.
 */
export async function countUnlocks(
  tx: Executor,
  lockId: number,
  cityId: number | null,
  stored: { recordType: number; lockDate: Date; serverDate: Date }[],
  now = Date.now(),
): Promise<void> {
  const { counts, last } = unlockBuckets(cityId, stored, now);
  if (last === 0) return;
  if (counts.length > 0) {
    await tx
      .insert(cityUnlocks)
      .values(counts.map((c) => ({ ...c, bucket: new Date(c.bucket) })))
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

/** The unit PostgreSQL truncates a time to for each grain's buckets. */
const UNIT: Record<GrainValue, string> = { [Grain.minute]: 'minute', [Grain.hour]: 'hour', [Grain.day]: 'day' };

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

/** The public screens' three windows, each as a time (ms) or as buckets of a grain from a time. */
type Windows<T> = { hour: T; day: T; month: T };

/**
 * Per city every lock counts in (null: none), its number of locks and how many of them last
 * unlocked since each window's time.
 */
export async function locksByCity(db: Executor, since: Windows<number>) {
  const located = db
    .select({ cityId: effectiveCitySql().as('city_id'), lastUnlockAt: locks.lastUnlockAt })
    .from(locks)
    .as('located');
  const unlockedSince = (ms: number) =>
    sql<number>`count(*) filter (where ${located.lastUnlockAt} >= ${new Date(ms)})::int`;
  return db
    .select({
      cityId: located.cityId,
      locks: count(),
      hour: unlockedSince(since.hour),
      day: unlockedSince(since.day),
      month: unlockedSince(since.month),
    })
    .from(located)
    .groupBy(located.cityId);
}

/** Per city (NO_CITY: placed nowhere), the unlocks counted in each window's buckets. */
export async function unlocksByCity(db: Executor, windows: Windows<{ grain: number; from: number }>) {
  const sum = (grain: number) =>
    sql<number>`coalesce(sum(${cityUnlocks.count}) filter (where ${cityUnlocks.grain} = ${grain}), 0)::int`;
  return db
    .select({
      cityId: cityUnlocks.cityId,
      hour: sum(windows.hour.grain),
      day: sum(windows.day.grain),
      month: sum(windows.month.grain),
    })
    .from(cityUnlocks)
    .where(
      or(
        ...Object.values(windows).map((window) =>
          and(eq(cityUnlocks.grain, window.grain), gte(cityUnlocks.bucket, new Date(window.from))),
        ),
      ),
    )
    .groupBy(cityUnlocks.cityId);
}

/** SQL: hour buckets from `from` on. */
function hourBucketsFrom(from: number): SQL | undefined {
  return and(eq(cityUnlocks.grain, Grain.hour), gte(cityUnlocks.bucket, new Date(from)));
}

/** The unlocks of each hour from `from` on (hours without any left out). */
export async function unlocksPerHour(db: Executor, from: number) {
  return db
    .select({ bucket: cityUnlocks.bucket, unlocks: sql<number>`sum(${cityUnlocks.count})::int` })
    .from(cityUnlocks)
    .where(hourBucketsFrom(from))
    .groupBy(cityUnlocks.bucket);
}

/** The unlocks of each method from `from` on (hour buckets). */
export async function unlocksPerMethod(db: Executor, from: number) {
  return db
    .select({ method: cityUnlocks.method, unlocks: sql<number>`sum(${cityUnlocks.count})::int` })
    .from(cityUnlocks)
    .where(hourBucketsFrom(from))
    .groupBy(cityUnlocks.method);
}
