import { type LockKind, lockModel } from '../lock/lockKind';
import { newLockSnapshot } from '../lock/lockSnapshot';
import type { FleetGateway, FleetLock, FleetState } from './fleetState';
import { randomMac } from './macAddress';

export interface FleetShape {
  gateways: number;
  locksPerGateway: number;
  /** Lock kinds, taken in turn. */
  kinds: readonly LockKind[];
  /** The locks' UTC offset in ms. */
  timezoneRawOffset?: number;
  /** Cities (GeoNames ids) the gateways are placed in, taken in turn. */
  cities?: readonly number[];
  random?: () => number;
}

/** The city of gateway number `n` (from 1): the cities taken in turn. */
export function cityOfGateway(n: number, cities: readonly number[] | undefined): number | undefined {
  return cities?.length ? cities[(n - 1) % cities.length] : undefined;
}

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** The lock number on a lock's label: its model prefix and the end of its MAC. */
export function lockNumberOf(kind: LockKind, mac: string): string {
  return `${lockModel(kind).numberPrefix}_${mac.replace(/:/g, '').slice(-6).toLowerCase()}`;
}

/** A new, unregistered lock of the fleet. */
export function planLock(
  kind: LockKind,
  name: string,
  options: { timezoneRawOffset?: number; random: () => number },
): FleetLock {
  const mac = randomMac(options.random);
  return {
    lockId: null,
    name,
    lockNumber: lockNumberOf(kind, mac),
    rssi: between(options.random, -85, -45),
    allowRemoteUnlock: kind !== 'parking',
    remoteUnlockRequested: false,
    lock: newLockSnapshot({ mac, kind, timezoneRawOffset: options.timezoneRawOffset, random: options.random }),
  };
}

/** A new, unregistered gateway (number `n` of the fleet, from 1) with its locks. */
export function planGateway(n: number, shape: FleetShape): FleetGateway {
  const random = shape.random ?? Math.random;
  const locks = Array.from({ length: shape.locksPerGateway }, (_, i) => {
    const kind = shape.kinds[(n - 1 + i) % shape.kinds.length] ?? 'door';
    return planLock(kind, `${lockModel(kind).label} G${n}-${i + 1}`, {
      timezoneRawOffset: shape.timezoneRawOffset,
      random,
    });
  });
  return {
    gatewayId: null,
    secret: null,
    mac: randomMac(random),
    name: `Gateway ${n}`,
    version: ((n - 1) % 4) + 1,
    networkName: `SmartLock-WiFi-${n}`,
    rssi: between(random, -75, -40),
    reachReported: false,
    ...placedIn(cityOfGateway(n, shape.cities)),
    seenCommands: [],
    locks,
  };
}

function placedIn(cityId: number | undefined): Pick<FleetGateway, 'cityId' | 'cityReported'> {
  return cityId === undefined ? {} : { cityId, cityReported: false };
}

/**
 * Adds the gateways the state lacks to reach the requested number. The state file wins for
 * what exists: gateways are never removed, and existing ones keep their locks. Given cities,
 * every gateway (existing ones too) is placed in its city in turn.
 */
export function extendFleet(state: FleetState, shape: FleetShape): number {
  state.gateways.forEach((gateway, index) => {
    const cityId = cityOfGateway(index + 1, shape.cities);
    if (cityId !== undefined && gateway.cityId !== cityId) Object.assign(gateway, placedIn(cityId));
  });
  let added = 0;
  while (state.gateways.length < shape.gateways) {
    state.gateways.push(planGateway(state.gateways.length + 1, shape));
    added++;
  }
  return added;
}
