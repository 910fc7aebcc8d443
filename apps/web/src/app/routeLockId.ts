import { createContext, useContext } from 'react';

/** The lockId a lock route resolved (from the query, else session storage), for its screen. */
export const RouteLockId = createContext<number | undefined>(undefined);

/** The current lock route's lockId; only screens of routes with the lockId rule may ask. */
export function useRouteLockId(): number {
  const lockId = useContext(RouteLockId);
  if (lockId === undefined) throw new Error('useRouteLockId outside a lock route');
  return lockId;
}
