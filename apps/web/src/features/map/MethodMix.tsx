import type { MapActivity } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from '../../i18n/format';
import type { ScreenColours } from './screenTheme';

/** How many shown at most; the rest are summed as "other". */
const SHOWN = 4;

/** The credential mix: unlocks of the last 24 hours by method, each with its share. */
export function MethodMix({ methods, colours }: { methods: MapActivity['methods']; colours: ScreenColours }) {
  const { t, i18n } = useTranslation();
  const total = methods.reduce((sum, m) => sum + m.unlocks, 0);
  if (total === 0) return <p style={{ color: colours.muted, fontSize: 18 }}>{t('map.noUnlocks')}</p>;
  const rest = methods.slice(SHOWN).reduce((sum, m) => sum + m.unlocks, 0);
  const rows = [
    ...methods.slice(0, SHOWN).map((m) => ({ key: m.method, label: t(`map.method.${m.method}`), unlocks: m.unlocks })),
    ...(rest > 0 ? [{ key: 'other', label: t('map.method.other'), unlocks: rest }] : []),
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="map-methods">
      {rows.map((row) => {
        const share = (100 * row.unlocks) / total;
        return (
          <div key={row.key} data-testid="map-method" data-method={row.key} data-unlocks={row.unlocks}>
            <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 17, color: colours.text }}>
              <span>{row.label}</span>
              <span style={{ color: colours.muted }}>
                {formatCount(row.unlocks, i18n.language)} · {formatPercent(Math.round(share), i18n.language)}
              </span>
            </div>
            <div style={{ height: 8, background: colours.panelBorder, borderRadius: 4, marginTop: 4 }}>
              <div style={{ width: `${share}%`, height: '100%', background: colours.accent, borderRadius: 4 }} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
