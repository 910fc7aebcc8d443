import { MAP_MIN_LOCKS_PER_CITY, type MapActivity } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { bucketOf, Grain, NO_CITY } from './cityActivity';
import { locksByCity, storedCities, unlocksByCity, unlocksPerHour, unlocksPerMethod } from './mapQueries';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The windows of the public screens: the last 60 minutes, 24 hours, 30 days (bucket-aligned). */
export function windowsAt(now: number) {
  return {
    hour: { grain: Grain.minute, from: bucketOf(now, Grain.minute) - 59 * MINUTE, since: now - HOUR },
    day: { grain: Grain.hour, from: bucketOf(now, Grain.hour) - 23 * HOUR, since: now - DAY },
    month: { grain: Grain.day, from: bucketOf(now, Grain.day) - 29 * DAY, since: now - 30 * DAY },
  };
}

type Windows = { hour: number; day: number; month: number };
const zero = (): Windows => ({ hour: 0, day: 0, month: 0 });
const add = (a: Windows, b: Windows): Windows => ({
  hour: a.hour + b.hour,
  day: a.day + b.day,
  month: a.month + b.month,
});

/**
 * The public screens' numbers (docs/map.md), from the kept aggregates only: the buckets of
 * unlocks per city and the locks' last unlocks, never a record. A city with fewer than
 * MAP_MIN_LOCKS_PER_CITY located locks is left out (it counts in the totals).
 */
export async function computeMapActivity(db: Db, now = Date.now()): Promise<MapActivity> {
  const w = windowsAt(now);
  const [lockRows, unlockRows, hourlyRows, methodRows] = await Promise.all([
    locksByCity(db, { hour: w.hour.since, day: w.day.since, month: w.month.since }),
    unlocksByCity(db, w),
    unlocksPerHour(db, w.day.from),
    unlocksPerMethod(db, w.day.from),
  ]);

  const unlocksOf = new Map(unlockRows.map((r) => [r.cityId, { hour: r.hour, day: r.day, month: r.month }]));
  const shownIds = lockRows
    .filter((r) => r.cityId !== null && r.cityId !== NO_CITY && r.locks >= MAP_MIN_LOCKS_PER_CITY)
    .map((r) => r.cityId as number);
  const places = await storedCities(db, shownIds);
  const placeOf = new Map(places.map((p) => [p.cityId, p]));
  const shown = lockRows.flatMap((r) => {
    const place = r.cityId === null ? undefined : placeOf.get(r.cityId);
    if (!place) return [];
    return [
      {
        cityId: place.cityId,
        name: place.name,
        country: place.country,
        lat: place.lat,
        lon: place.lon,
        locks: r.locks,
        activeLocks: { hour: r.hour, day: r.day, month: r.month },
        unlocks: unlocksOf.get(place.cityId) ?? zero(),
      },
    ];
  });
  shown.sort((a, b) => b.unlocks.day - a.unlocks.day || b.locks - a.locks || a.cityId - b.cityId);

  const counted = new Map(hourlyRows.map((r) => [new Date(r.bucket).getTime(), r.unlocks]));
  return {
    generatedAt: now,
    minLocksPerCity: MAP_MIN_LOCKS_PER_CITY,
    totals: {
      locks: lockRows.reduce((n, r) => n + r.locks, 0),
      cities: shown.length,
      activeLocks: lockRows.reduce((t, r) => add(t, { hour: r.hour, day: r.day, month: r.month }), zero()),
      unlocks: unlockRows.reduce((t, r) => add(t, r), zero()),
    },
    cities: shown,
    hourly: Array.from({ length: 24 }, (_, i) => {
      const hour = w.day.from + i * HOUR;
      return { hour, unlocks: counted.get(hour) ?? 0 };
    }),
    methods: methodRows
      .filter((r) => r.unlocks > 0)
      .sort((a, b) => b.unlocks - a.unlocks || a.method.localeCompare(b.method)),
  };
}
