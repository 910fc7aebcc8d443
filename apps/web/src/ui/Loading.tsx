import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A screen or a part of one on its way: a turning ring (drawn and turned by SVG alone), named for
 * screen readers. Lighter than Ant Design's Spin, so the first screens need not load it.
 */
export function Loading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      role="status"
      aria-label={t('app.loading')}
      style={
        fullscreen
          ? { position: 'fixed', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }
          : { display: 'flex', justifyContent: 'center', margin: 48 }
      }
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="13" fill="none" stroke={token.colorFillSecondary} strokeWidth="4" />
        <circle
          cx="16"
          cy="16"
          r="13"
          fill="none"
          stroke={token.colorPrimary}
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray="20 62"
        >
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 16 16"
            to="360 16 16"
            dur="0.9s"
            repeatCount="indefinite"
          />
        </circle>
      </svg>
    </div>
  );
}
