import type { LockKind } from '../lock/lockKind';

/** What the cloud is told about a lock the app has just paired. */
export interface LockRegistration {
  mac: string;
  kind: LockKind;
  lockNumber: string;
  name: string;
  timezoneRawOffset: number;
  battery: number;
}

export interface GatewayRegistration {
  mac: string;
  name: string;
  version: number;
  networkName: string;
  /** The city (GeoNames id) of its network. */
  cityId?: number;
}

/** What /lock/initialize gives a lock: its id, and the secret the app writes into the lock. */
export interface LockInitialized {
  lockId: number;
  /** The lock keeps it: offline passcodes and eKey credentials are checked with keys derived from it. */
  lockSecret: string;
}

/** "Already added": the MAC is registered already (to someone); the fleet picks a fresh one. */
export const ALREADY_ADDED = 'alreadyAdded';

/**
 * How the fleet registers its devices with the cloud, as the mobile app would: the HTTP API
 * (HttpRegistrar) or, for tests and benchmarks, anything else that does the same.
 */
export interface Registrar {
  /** The ids of the account's gateways, or undefined when the cloud cannot tell. */
  knownGateways(): Promise<Set<number> | undefined>;
  initializeLock(lock: LockRegistration): Promise<LockInitialized | typeof ALREADY_ADDED>;
  addGateway(gateway: GatewayRegistration): Promise<{ gatewayId: number; secret: string } | typeof ALREADY_ADDED>;
  reportReach(gatewayId: number, locks: ReadonlyArray<{ lockId: number; rssi: number }>): Promise<void>;
  /** Tells the cloud the city (GeoNames id) a registered gateway's network is in. */
  setGatewayCity(gatewayId: number, cityId: number): Promise<void>;
  /** Turns a lock's remote-unlock switch on (a remote operation through its gateway); true when the lock confirmed. */
  allowRemoteUnlock(lockId: number): Promise<boolean>;
}
