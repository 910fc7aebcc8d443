import type { MapActivity } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import { formatCount, formatHour } from '../../i18n/format';
import type { ScreenColours } from './screenTheme';

const WIDTH = 760;
const HEIGHT = 200;
const AXIS = 26;

/** Unlocks per hour over the last 24 hours, one bar per hour, every sixth hour named. */
export function HourlyBars({ hourly, colours }: { hourly: MapActivity['hourly']; colours: ScreenColours }) {
  const { t, i18n } = useTranslation();
  const highest = Math.max(1, ...hourly.map((h) => h.unlocks));
  const slot = WIDTH / Math.max(1, hourly.length);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('map.hourly')}
      style={{ width: '100%', height: '100%' }}
      data-testid="map-hourly"
    >
      {hourly.map((h, i) => {
        const height = ((HEIGHT - AXIS - 18) * h.unlocks) / highest;
        const x = i * slot + slot * 0.15;
        return (
          <g key={h.hour} data-testid="map-hour" data-unlocks={h.unlocks}>
            <title>{t('map.hourTooltip', { hour: formatHour(h.hour, i18n.language), count: h.unlocks })}</title>
            <rect
              x={x}
              y={HEIGHT - AXIS - height}
              width={slot * 0.7}
              height={Math.max(height, h.unlocks > 0 ? 2 : 0)}
              rx={3}
              fill={colours.accent}
              fillOpacity={i === hourly.length - 1 ? 1 : 0.7}
            />
            {h.unlocks > 0 && h.unlocks === highest ? (
              <text
                x={x + slot * 0.35}
                y={HEIGHT - AXIS - height - 6}
                fontSize={14}
                fill={colours.text}
                textAnchor="middle"
              >
                {formatCount(h.unlocks, i18n.language)}
              </text>
            ) : null}
            {i % 6 === 0 || i === hourly.length - 1 ? (
              <text
                x={i === 0 ? x : i === hourly.length - 1 ? x + slot * 0.7 : x + slot * 0.35}
                y={HEIGHT - 6}
                fontSize={14}
                fill={colours.muted}
                textAnchor={i === 0 ? 'start' : i === hourly.length - 1 ? 'end' : 'middle'}
              >
                {formatHour(h.hour, i18n.language)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
