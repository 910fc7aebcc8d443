import type { MapActivity } from '@smartlock/contract';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { MapStream, type MapStreamState } from './mapStream';

/** The public numbers, live: the map stream opened while the screen is shown. */
export function useMapActivity(): MapStreamState {
  const stream = useMemo(() => new MapStream({ connect: (url) => new EventSource(url) }), []);
  useEffect(() => {
    stream.open();
    return () => stream.close();
  }, [stream]);
  return useSyncExternalStore(stream.subscribe, stream.snapshot);
}

/** The cities whose unlocks in the last hour rose from one update to the next. */
export function risenCities(previous: MapActivity | undefined, next: MapActivity | undefined): Set<number> {
  if (!previous || !next) return new Set();
  const before = new Map(previous.cities.map((city) => [city.cityId, city.unlocks.hour]));
  return new Set(
    next.cities
      .filter((city) => city.unlocks.hour > (before.get(city.cityId) ?? Number.POSITIVE_INFINITY))
      .map((city) => city.cityId),
  );
}

/** The cities that just had unlocks (to pulse), recomputed on each update. */
export function useRisenCities(activity: MapActivity | undefined): Set<number> {
  const previous = useRef<MapActivity | undefined>(undefined);
  const risen = useMemo(() => risenCities(previous.current, activity), [activity]);
  useEffect(() => {
    previous.current = activity;
  }, [activity]);
  return risen;
}
