import type { CityActivity } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import { formatCount, regionName } from '../../i18n/format';
import { busiestFirst } from './mapWindow';
import type { ScreenColours } from './screenTheme';

/** The busiest cities of the last 24 hours, with their unlocks and locks. */
export function TopCities({
  cities,
  colours,
  limit = 10,
}: {
  cities: readonly CityActivity[];
  colours: ScreenColours;
  limit?: number;
}) {
  const { t, i18n } = useTranslation();
  const top = busiestFirst(cities, 'day').slice(0, limit);
  if (top.length === 0) return <p style={{ color: colours.muted, fontSize: 18 }}>{t('map.noCities')}</p>;
  const busiest = Math.max(1, top[0]?.unlocks.day ?? 0);
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {top.map((city, index) => (
        <li key={city.cityId} data-testid="map-top-city" data-city={city.name} data-unlocks={city.unlocks.day}>
          <div style={{ display: 'flex', alignItems: 'baseline', gap: 12, color: colours.text }}>
            <span style={{ width: 28, fontSize: 18, color: colours.muted }}>{index + 1}</span>
            <span style={{ flex: 1, fontSize: 20, fontWeight: 600 }}>
              {city.name}
              <span style={{ fontSize: 15, fontWeight: 400, color: colours.muted, marginInlineStart: 8 }}>
                {regionName(city.country, i18n.language)}
              </span>
            </span>
            <span style={{ fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(city.unlocks.day, i18n.language)}
            </span>
          </div>
          <div style={{ marginInlineStart: 40, height: 6, background: colours.panelBorder, borderRadius: 3 }}>
            <div
              style={{
                width: `${(100 * city.unlocks.day) / busiest}%`,
                height: '100%',
                background: colours.accent,
                borderRadius: 3,
              }}
            />
          </div>
          <div style={{ marginInlineStart: 40, fontSize: 14, color: colours.muted, marginTop: 2 }}>
            {t('map.cityLocks', {
              locks: formatCount(city.locks, i18n.language),
              active: formatCount(city.activeLocks.day, i18n.language),
            })}
          </div>
        </li>
      ))}
    </ol>
  );
}
