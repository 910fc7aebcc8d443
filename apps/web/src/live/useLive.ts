import type { LiveMessages, LiveType } from '@smartlock/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLiveChannel } from './context';

/** Calls `handler` with every live message of one type while the component is mounted. */
export function useLive<T extends LiveType>(type: T, handler: (message: LiveMessages[T]) => void): void {
  const channel = useLiveChannel();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => channel.on(type, (message) => latest.current(message)), [channel, type]);
}

/** Whether the live channel is connected now (else screens poll for what they wait on). */
export function useLiveConnected(): boolean {
  const channel = useLiveChannel();
  return useSyncExternalStore(channel.subscribeStatus, () => channel.connected);
}
