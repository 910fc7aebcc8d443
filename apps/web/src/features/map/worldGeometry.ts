import { type GeoProjection, geoGraticule10, geoNaturalEarth1, geoPath } from 'd3-geo';
import type { FeatureCollection, Geometry } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/** Antarctica (ISO 3166 numeric 010): no locks there, and it would take a fifth of the screen. */
const ANTARCTICA = '010';

const topology = countries110m as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
const countries = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>;
const inhabited: FeatureCollection<Geometry, { name: string }> = {
  type: 'FeatureCollection',
  features: countries.features.filter((country) => country.id !== ANTARCTICA),
};

export interface WorldGeometry {
  width: number;
  height: number;
  /** One SVG path per country (the bundled Natural Earth 1:110m countries). */
  countries: { id: string; d: string }[];
  /** The borders between countries, one path. */
  borders: string;
  /** Lines of latitude and longitude every 10 degrees. */
  graticule: string;
  /** Where a longitude and latitude fall on the drawing; undefined when off the map. */
  project(lon: number, lat: number): [number, number] | undefined;
}

/**
 * The world drawn for a box of `width` × `height` (Natural Earth projection, fitted to the
 * inhabited land), from the geographic data bundled with the console: no tiles, no network.
 */
export function worldGeometry(width: number, height: number, padding = 8): WorldGeometry {
  const projection: GeoProjection = geoNaturalEarth1().fitExtent(
    [
      [padding, padding],
      [width - padding, height - padding],
    ],
    inhabited,
  );
  const path = geoPath(projection);
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    width,
    height,
    countries: inhabited.features.map((country, index) => ({
      id: String(country.id ?? index),
      d: path(country) ?? '',
    })),
    borders: path(borders) ?? '',
    graticule: path(geoGraticule10()) ?? '',
    project(lon, lat) {
      const point = projection([lon, lat]);
      return point && Number.isFinite(point[0]) && Number.isFinite(point[1]) ? point : undefined;
    },
  };
}

/**
 * A city's circle radius for its activity: by area (square root), from `min` for a city with
 * none to `max` for the busiest one shown.
 */
export function cityRadius(value: number, busiest: number, min = 4, max = 26): number {
  if (busiest <= 0 || value <= 0) return min;
  return min + (max - min) * Math.sqrt(Math.min(value, busiest) / busiest);
}
