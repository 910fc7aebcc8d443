import { LIVE_TYPES } from '@smartlock/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSignedIn } from '../app/userInfo';
import { applyLockEvent } from '../features/lock/lockLive';
import { Live } from './context';
import { LiveChannel } from './liveChannel';
import { queriesAfterReconnect, queriesToRefresh } from './liveRefresh';
import { UnlockNotices } from './UnlockNotices';

/**
 * The console's one live channel: open while a user is logged in (closed at logout or when the
 * session is lost), refreshing the queries each message makes stale, writing a lock's new bolt
 * and battery straight into the cached lock lists, and refreshing everything after a reconnect,
 * since messages may have been missed while it was down.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queries = useQueryClient();
  const signedIn = useSignedIn();
  const [channel] = useState(() => new LiveChannel({ connect: (url) => new EventSource(url) }));

  useEffect(() => {
    if (!signedIn) return;
    channel.open();
    return () => channel.close();
  }, [channel, signedIn]);

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
    return () => {
      for (const stop of stops) stop();
    };
  }, [channel, queries]);

  return (
    <Live.Provider value={channel}>
      {signedIn ? <UnlockNotices /> : null}
      {children}
    </Live.Provider>
  );
}
