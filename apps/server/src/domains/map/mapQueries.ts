import type { CityItem } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cities } from '../../db/schema';
import { ApiError } from '../../http/apiError';
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

/** A city as stored. */
export async function storedCity(db: Executor, cityId: number): Promise<CityItem | undefined> {
  const [row] = await db.select().from(cities).where(eq(cities.id, cityId));
  return row
    ? { cityId: row.id, name: row.name, country: row.country, lat: row.lat, lon: row.lon, population: row.population }
    : undefined;
}
