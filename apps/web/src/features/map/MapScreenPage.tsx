import { MAP_MIN_LOCKS_PER_CITY } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { formatCount, formatDateTime } from '../../i18n/format';
import { HourlyBars } from './HourlyBars';
import { MapStatus } from './MapStatus';
import { MethodMix } from './MethodMix';
import { ScreenPanel } from './ScreenPanel';
import { SCREEN_HEIGHT, SCREEN_WIDTH, screenColours, screenScale } from './screenTheme';
import { TopCities } from './TopCities';
import { useMapActivity, useRisenCities } from './useMapActivity';
import { useNow } from './useNow';
import { useWindowSize } from './useWindowSize';
import { WorldMap } from './WorldMap';

/**
 * The display big screen (spec: /map/new, public): a 1920 × 1080 dashboard for a wall display
 * (totals, unlocks per hour, credential mix, top cities, the map), scaled to fit the window. It
 * updates itself from the live stream and reconnects by itself after a server restart.
 */
export default function MapScreenPage() {
  const { t, i18n } = useTranslation();
  const { brand } = useConsole();
  const { activity, connected } = useMapActivity();
  const pulsing = useRisenCities(activity);
  const now = useNow();
  const size = useWindowSize();
  const colours = screenColours(brand.color);
  const scale = screenScale(size.width, size.height);
  const tiles = [
    ['locks', activity?.totals.locks],
    ['cities', activity?.totals.cities],
    ['activeLocksDay', activity?.totals.activeLocks.day],
    ['unlocksHour', activity?.totals.unlocks.hour],
    ['unlocksDay', activity?.totals.unlocks.day],
    ['unlocksMonth', activity?.totals.unlocks.month],
  ] as const;
  return (
    <div style={{ position: 'fixed', inset: 0, background: colours.page, overflow: 'hidden' }}>
      <main
        style={{
          position: 'absolute',
          width: SCREEN_WIDTH,
          height: SCREEN_HEIGHT,
          left: (size.width - SCREEN_WIDTH * scale) / 2,
          top: (size.height - SCREEN_HEIGHT * scale) / 2,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          padding: 32,
          boxSizing: 'border-box',
          display: 'grid',
          gridTemplateColumns: '1fr 520px',
          gridTemplateRows: '72px 132px 1fr 300px',
          gap: 20,
          color: colours.text,
          fontFamily: 'inherit',
        }}
        data-testid="big-screen"
      >
        <header style={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 20 }}>
          {brand.logoUrl ? (
            <img src={brand.logoUrl} alt="" width={56} height={56} style={{ borderRadius: 10 }} />
          ) : null}
          <div style={{ flex: 1 }}>
            <div style={{ fontSize: 34, fontWeight: 700, lineHeight: 1.1 }} data-testid="brand-name">
              {brand.name}
            </div>
            <h1 style={{ fontSize: 20, fontWeight: 'normal', color: colours.muted, margin: 0 }}>
              {t('map.screenTitle')}
            </h1>
          </div>
          <div style={{ fontSize: 22, color: colours.muted, fontVariantNumeric: 'tabular-nums' }}>
            {formatDateTime(now, i18n.language)}
          </div>
          <div style={{ fontSize: 20 }}>
            <MapStatus connected={connected} color={colours.text} />
          </div>
        </header>
        <div style={{ gridColumn: '1 / -1', display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 20 }}>
          {tiles.map(([key, value]) => (
            <ScreenPanel key={key} colours={colours}>
              <div style={{ fontSize: 18, color: colours.muted }}>{t(`map.total.${key}`)}</div>
              <div
                style={{ fontSize: 52, fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
                data-testid={`screen-total-${key}`}
                data-value={value ?? ''}
              >
                {value === undefined ? '–' : formatCount(value, i18n.language)}
              </div>
            </ScreenPanel>
          ))}
        </div>
        <ScreenPanel
          colours={colours}
          style={{ gridColumn: 1, gridRow: 3, padding: 0, overflow: 'hidden', position: 'relative' }}
          testId="screen-map"
        >
          <WorldMap
            cities={activity?.cities ?? []}
            window="day"
            pulsing={pulsing}
            colours={colours.map}
            labelled={10}
            labelSize={20}
          />
          <div style={{ position: 'absolute', left: 20, bottom: 14, fontSize: 15, color: colours.muted }}>
            {t('map.privacy', { count: activity?.minLocksPerCity ?? MAP_MIN_LOCKS_PER_CITY })}
          </div>
        </ScreenPanel>
        <ScreenPanel
          colours={colours}
          title={t('map.topCities')}
          style={{ gridRow: '3 / 5' }}
          testId="screen-top-cities"
        >
          <TopCities cities={activity?.cities ?? []} colours={colours} />
        </ScreenPanel>
        <div
          style={{
            gridColumn: 1,
            gridRow: 4,
            display: 'grid',
            gridTemplateColumns: '1fr 440px',
            gap: 20,
            minHeight: 0,
          }}
        >
          <ScreenPanel colours={colours} title={t('map.hourly')} testId="screen-hourly">
            <div style={{ flex: 1, minHeight: 0 }}>
              <HourlyBars hourly={activity?.hourly ?? []} colours={colours} />
            </div>
          </ScreenPanel>
          <ScreenPanel colours={colours} title={t('map.methods')} testId="screen-methods">
            <MethodMix methods={activity?.methods ?? []} colours={colours} />
          </ScreenPanel>
        </div>
        {activity === undefined ? null : (
          <span hidden data-testid="screen-generated-at">
            {activity.generatedAt}
          </span>
        )}
      </main>
    </div>
  );
}
