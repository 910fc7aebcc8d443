import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { signalView } from './signal';

const HEIGHTS = [6, 10, 14];

/** Signal grade as three bars, with the grade and the RSSI in dBm (when given) on hover. */
export function SignalStrength({ grade, rssi }: { grade: number; rssi?: number | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const view = signalView(grade);
  const lit = {
    success: token.colorSuccess,
    warning: token.colorWarning,
    error: token.colorError,
    none: token.colorTextQuaternary,
  }[view.tone];
  const name = t(view.key);
  const tip =
    rssi === undefined ? name : rssi === null ? t('signal.noReading') : t('signal.rssi', { grade: name, rssi });
  return (
    <Tooltip title={tip}>
      <span
        role="img"
        aria-label={tip}
        data-testid="signal"
        data-bars={view.bars}
        style={{ display: 'inline-flex', alignItems: 'flex-end', gap: 2, height: 14, verticalAlign: 'middle' }}
      >
        {HEIGHTS.map((height, index) => (
          <span
            key={height}
            style={{
              width: 4,
              height,
              borderRadius: 1,
              background: index < view.bars ? lit : token.colorFillSecondary,
            }}
          />
        ))}
      </span>
    </Tooltip>
  );
}
