import { createContext, useContext } from 'react';
import type { LiveChannel } from './liveChannel';

export const Live = createContext<LiveChannel | null>(null);

export function useLiveChannel(): LiveChannel {
  const channel = useContext(Live);
  if (!channel) throw new Error('useLiveChannel outside the LiveProvider');
  return channel;
}
