import { LIVE_TYPES } from '@smartlock/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLockEvent } from '../features/lock/lockLive';
import type { LiveChannel } from './liveChannel';
import { queriesAfterReconnect, queriesToRefresh } from './liveRefresh';
import { UnlockNotices } from './UnlockNotices';

/**
 * What the live channel does while a user is logged in (loaded then, with the console): it
 * refreshes the queries each message makes stale, writes a lock's new bolt and battery straight
 * into the cached lock lists, refreshes everything after a reconnect (messages may have been
 * missed meanwhile), shows unlock notices; and it opens the channel once all that listens,
 * closing it at logout or when the session is lost.
 */
export default function LiveWiring({ channel }: { channel: LiveChannel }) {
  const queries = useQueryClient();

  useEffect(() => {
    const refresh = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queries.invalidateQueries({ queryKey });
    };
    const stops = LIVE_TYPES.map((type) => channel.on(type, () => refresh(queriesToRefresh(type))));
    stops.push(channel.on('lock', (event) => applyLockEvent(queries, event)));
    let connectedBefore = channel.connected;
    stops.push(
      channel.subscribeStatus(() => {
        if (channel.connected && connectedBefore) refresh(queriesAfterReconnect());
        connectedBefore ||= channel.connected;
      }),
    );
    channel.open();
    return () => {
      channel.close();
      for (const stop of stops) stop();
    };
  }, [channel, queries]);

  return <UnlockNotices />;
}
