import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveConnected } from './useLive';

/** Whether a screen updates by itself right now, or is reconnecting; the hints say what that means there. */
export function LiveStatusBadge({
  connected,
  hints,
  color,
}: {
  connected: boolean;
  hints: { connected: string; reconnecting: string };
  /** The text colour (on a dark screen). */
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(connected ? hints.connected : hints.reconnecting)}>
      <Badge
        status={connected ? 'success' : 'warning'}
        text={<span style={{ color }}>{t(connected ? 'live.connected' : 'live.reconnecting')}</span>}
        data-testid="live-badge"
        data-connected={connected}
      />
    </Tooltip>
  );
}

/** The console's live channel status. */
export function LiveBadge() {
  return (
    <LiveStatusBadge
      connected={useLiveConnected()}
      hints={{ connected: 'live.connectedHint', reconnecting: 'live.reconnectingHint' }}
    />
  );
}
