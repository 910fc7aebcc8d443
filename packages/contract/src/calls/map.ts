import { z } from 'zod';
import { defineCall } from './define';
import { emptyData, idField, intField, requiredText } from './fields';

/**
 * The public active-city map and display screen (docs/map.md): activity aggregated per city,
 * never a lock, a person or an address; a city with fewer than MAP_MIN_LOCKS_PER_CITY located
 * locks is not shown (it still counts in the totals).
 */
export const MAP_MIN_LOCKS_PER_CITY = 3;

/** Where the public screens' live stream is served (server-sent events `activity`). */
export const MAP_LIVE_PATH = '/api/map/live';

const windows = z.object({ hour: z.number().int(), day: z.number().int(), month: z.number().int() });

export const cityActivity = z.object({
  cityId: z.number().int(),
  name: z.string(),
  /** ISO 3166 country code. */
  country: z.string(),
  /** The city's centre (the city's, not a lock's). */
  lat: z.number(),
  lon: z.number(),
  /** Locks located in the city. */
  locks: z.number().int(),
  /** Locks unlocked in the last hour, day (24 hours) and month (30 days). */
  activeLocks: windows,
  unlocks: windows,
});
export type CityActivity = z.infer<typeof cityActivity>;

export const mapActivity = z.object({
  generatedAt: z.number(),
  /** The fewest locks a city needs to be shown. */
  minLocksPerCity: z.number().int(),
  totals: z.object({ locks: z.number().int(), cities: z.number().int(), activeLocks: windows, unlocks: windows }),
  /** The shown cities, most unlocks in the last day first. */
  cities: z.array(cityActivity),
  /** Unlocks per hour over the last 24 hours, oldest first (the hour's start, ms). */
  hourly: z.array(z.object({ hour: z.number(), unlocks: z.number().int() })),
  /** Unlocks of the last 24 hours by method (UnlockMethod), most first. */
  methods: z.array(z.object({ method: z.string(), unlocks: z.number().int() })),
});
export type MapActivity = z.infer<typeof mapActivity>;

export const getActivity = defineCall({
  path: '/map/getActivity',
  method: 'GET',
  auth: 'public',
  summary:
    'The public activity of the whole service: totals, unlocks per hour over the last day, unlocks by method, and each city with enough located locks (MAP_MIN_LOCKS_PER_CITY): its centre, locks, active locks and unlocks in the last hour, day and month. No lock, person or address.',
  params: z.object({}),
  data: mapActivity,
});

export const cityItem = z.object({
  cityId: z.number().int(),
  name: z.string(),
  country: z.string(),
  population: z.number().int(),
  lat: z.number(),
  lon: z.number(),
});
export type CityItem = z.infer<typeof cityItem>;

export const searchCities = defineCall({
  path: '/city/search',
  method: 'GET',
  auth: 'session',
  summary:
    'Cities whose name starts with the keyword (then those containing it), largest first, at most 20 (the GeoNames cities of 1000 people or more, bundled).',
  params: z.object({
    keyword: requiredText(60),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/)
      .optional(),
  }),
  data: z.object({ list: z.array(cityItem) }),
});

/** Where a lock is, and where it comes from: its own city, its gateway's, or none. */
export const lockLocation = z.object({
  city: cityItem.nullable(),
  /** lock: set by the owner; gateway: the city of the gateway that reaches it best; none. */
  source: z.enum(['lock', 'gateway', 'none']),
});

export const setLockLocation = defineCall({
  path: '/lock/setLocation',
  method: 'POST',
  auth: 'session',
  summary:
    "Put one of the caller's own locks in a city (cityId from /city/search), or clear it (cityId 0: the lock then takes its gateway's city). Answers the lock's location.",
  params: z.object({ lockId: idField, cityId: intField.pipe(z.number().int().min(0)) }),
  data: lockLocation,
});

export const setGatewayLocation = defineCall({
  path: '/gateway/setLocation',
  method: 'POST',
  auth: 'session',
  summary:
    "Put one of the caller's gateways in a city (0 clears it): the locks it reaches without a city of their own are counted there.",
  params: z.object({ gatewayId: idField, cityId: intField.pipe(z.number().int().min(0)) }),
  data: emptyData,
});
