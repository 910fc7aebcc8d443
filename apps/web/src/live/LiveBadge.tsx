import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveConnected } from './useLive';

/** Whether this screen updates by itself right now, or is reconnecting. */
export function LiveBadge() {
  const { t } = useTranslation();
  const connected = useLiveConnected();
  return (
    <Tooltip title={t(connected ? 'live.connectedHint' : 'live.reconnectingHint')}>
      <Badge
        status={connected ? 'success' : 'warning'}
        text={t(connected ? 'live.connected' : 'live.reconnecting')}
        data-testid="live-badge"
        data-connected={connected}
      />
    </Tooltip>
  );
}
