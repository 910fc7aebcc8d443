/** Test support: locks with fresh MACs. */
import { RemoteUnlockSwitch } from '@smartlock/contract';
import type { Clock } from '../clock';
import { SimulatedLock } from '../lock/lock';
import type { LockKind } from '../lock/lockKind';
import { newLockSnapshot } from '../lock/lockSnapshot';

let next = Math.floor(Math.random() * 0xffff);

export function freshMac(): string {
  next = (next + 1) % 0xffffff;
  const hex = next.toString(16).toUpperCase().padStart(6, '0');
  return `02:5A:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** A lock (remote unlock on unless told otherwise; with `secret`, it checks offline passcodes and eKeys with it). */
export function testLock(
  options: { kind?: LockKind; remoteUnlock?: boolean; clock?: Clock; secret?: string } = {},
): SimulatedLock {
  const snapshot = newLockSnapshot({ mac: freshMac(), kind: options.kind ?? 'door', battery: 80 });
  if (options.remoteUnlock !== false) snapshot.switches.remoteUnlock = RemoteUnlockSwitch.on;
  if (options.secret !== undefined) snapshot.secret = options.secret;
  return new SimulatedLock(snapshot, options.clock);
}
