import { LiveStatusBadge } from '../../live/LiveBadge';

/** Whether the public numbers are live right now, or the screen is reconnecting. */
export function MapStatus({ connected, color }: { connected: boolean; color?: string }) {
  return (
    <LiveStatusBadge
      connected={connected}
      color={color}
      hints={{ connected: 'map.liveHint', reconnecting: 'map.reconnectingHint' }}
    />
  );
}
