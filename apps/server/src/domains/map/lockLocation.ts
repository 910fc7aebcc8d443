import type { CityItem } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { lockCities, storedCity } from './mapQueries';

export interface LockLocation {
  city: CityItem | null;
  source: 'lock' | 'gateway' | 'none';
}

/** Where a lock counts on the public map, and why. */
export async function locationOf(db: Executor, lockId: number): Promise<LockLocation> {
  const row = await lockCities(db, lockId);
  const cityId = row?.effective ?? null;
  const city = cityId === null ? undefined : await storedCity(db, cityId);
  if (!city) return { city: null, source: 'none' };
  return { city, source: row?.own !== null && row?.own !== undefined ? 'lock' : 'gateway' };
}
