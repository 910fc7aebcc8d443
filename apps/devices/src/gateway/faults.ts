/**
 * Faults a test can put on a lock, as its gateway sees it: the lock refuses (`reject`), the
 * gateway accepts the command and never answers (`timeout`), the lock is out of Bluetooth range
 * (`outOfRange`), or nothing wrong (`none`).
 */
export const LOCK_FAULTS = ['none', 'reject', 'timeout', 'outOfRange'] as const;
export type LockFault = (typeof LOCK_FAULTS)[number];
