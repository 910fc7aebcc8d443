import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};
let last = { width: 0, height: 0 };
const snapshot = () => {
  if (last.width !== window.innerWidth || last.height !== window.innerHeight) {
    last = { width: window.innerWidth, height: window.innerHeight };
  }
  return last;
};

/** The browser window's inner size, kept current. */
export function useWindowSize(): { width: number; height: number } {
  return useSyncExternalStore(subscribe, snapshot);
}
