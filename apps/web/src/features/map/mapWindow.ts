import type { CityActivity } from '@smartlock/contract';

/** The periods the public screens count over. */
export const MAP_WINDOWS = ['hour', 'day', 'month'] as const;
export type MapWindow = (typeof MAP_WINDOWS)[number];

/** The i18n key of a period's name. */
export const windowLabel = (window: MapWindow) => `map.window.${window}` as const;

/** The cities, busiest in the period first (then most locks). */
export function busiestFirst(cities: readonly CityActivity[], window: MapWindow): CityActivity[] {
  return [...cities].sort(
    (a, b) => b.unlocks[window] - a.unlocks[window] || b.locks - a.locks || a.name.localeCompare(b.name),
  );
}
