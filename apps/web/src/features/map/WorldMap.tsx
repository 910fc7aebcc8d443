import type { CityActivity } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import { formatCount, regionName } from '../../i18n/format';
import './map.css';
import { busiestFirst, type MapWindow } from './mapWindow';
import { cityRadius, worldGeometry } from './worldGeometry';

/** The drawing's own size; the SVG scales to its box. */
const WIDTH = 1000;
const HEIGHT = 500;
const world = worldGeometry(WIDTH, HEIGHT);

export interface MapColours {
  sea: string;
  land: string;
  border: string;
  graticule: string;
  city: string;
  label: string;
}

/**
 * The world with the shown cities as circles sized by their unlocks in the period, the busiest
 * named; a ring pulses where unlocks just happened.
 */
export function WorldMap({
  cities,
  window,
  pulsing,
  colours,
  labelled = 8,
  labelSize = 13,
}: {
  cities: readonly CityActivity[];
  window: MapWindow;
  /** Cities that just had unlocks. */
  pulsing: ReadonlySet<number>;
  colours: MapColours;
  /** How many of the busiest cities carry their name. */
  labelled?: number;
  /** The names' size, in the drawing's units (1000 across). */
  labelSize?: number;
}) {
  const { t, i18n } = useTranslation();
  const ordered = busiestFirst(cities, window);
  const busiest = ordered[0]?.unlocks[window] ?? 0;
  const placed = ordered.flatMap((city, rank) => {
    const point = world.project(city.lon, city.lat);
    return point ? [{ city, rank, x: point[0], y: point[1], r: cityRadius(city.unlocks[window], busiest) }] : [];
  });
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('route.mapBase')}
      style={{ width: '100%', height: '100%', display: 'block', background: colours.sea }}
      data-testid="world-map"
    >
      <path d={world.graticule} fill="none" stroke={colours.graticule} strokeWidth={0.5} />
      <g fill={colours.land}>
        {world.countries.map((country) => (
          <path key={country.id} d={country.d} />
        ))}
      </g>
      <path d={world.borders} fill="none" stroke={colours.border} strokeWidth={0.5} />
      {/* Smaller circles on top of larger ones, so every city can be pointed at. */}
      {[...placed].reverse().map(({ city, x, y, r }) => (
        <g key={city.cityId} data-testid="map-city" data-city={city.name} data-unlocks={city.unlocks[window]}>
          <title>
            {t('map.cityTooltip', {
              city: city.name,
              country: regionName(city.country, i18n.language),
              locks: formatCount(city.locks, i18n.language),
              unlocks: formatCount(city.unlocks[window], i18n.language),
              period: t(`map.window.${window}`),
            })}
          </title>
          {pulsing.has(city.cityId) ? (
            <circle
              key={`pulse-${city.unlocks.hour}`}
              className="sl-map-pulse"
              cx={x}
              cy={y}
              r={r}
              fill="none"
              stroke={colours.city}
              strokeWidth={2}
              data-testid="map-pulse"
            />
          ) : null}
          <circle cx={x} cy={y} r={r} fill={colours.city} fillOpacity={0.45} stroke={colours.city} strokeWidth={1.5} />
          <circle cx={x} cy={y} r={2} fill={colours.city} />
        </g>
      ))}
      {placed
        .filter(({ rank }) => rank < labelled)
        .map(({ city, x, y, r }) => (
          <text
            key={`label-${city.cityId}`}
            x={x + r + 4}
            y={y + labelSize / 3}
            fontSize={labelSize}
            fill={colours.label}
            stroke={colours.sea}
            strokeWidth={3}
            paintOrder="stroke"
            style={{ pointerEvents: 'none' }}
          >
            {city.name}
          </text>
        ))}
    </svg>
  );
}
