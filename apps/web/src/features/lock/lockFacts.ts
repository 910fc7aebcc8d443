import { LockState } from '@smartlock/contract';

/** How a lock's bolt is shown: a car-park lock is raised or lowered, others locked or unlocked. */
export function boltView(state: number, isParkingLock: boolean): { key: string; color: string } {
  if (state === LockState.locked)
    return { key: isParkingLock ? 'lock.bolt.raised' : 'lock.bolt.locked', color: 'green' };
  if (state === LockState.unlocked) {
    return { key: isParkingLock ? 'lock.bolt.lowered' : 'lock.bolt.unlocked', color: 'orange' };
  }
  return { key: 'lock.bolt.unknown', color: 'default' };
}

/** Below this the battery is shown as low (the lock warns about it too). */
export const LOW_BATTERY = 20;

export function isBatteryLow(battery: number): boolean {
  return battery < LOW_BATTERY;
}
