import { z } from 'zod';
import { seenCommandSchema } from '../gateway/seenCommands';
import { lockSnapshotSchema } from '../lock/lockSnapshot';

export const FLEET_STATE_VERSION = 1;

/** A lock of the fleet: its registration and everything it remembers. */
export const fleetLockSchema = z.object({
  /** From /lock/initialize; null until the lock is registered. */
  lockId: z.number().int().positive().nullable(),
  name: z.string(),
  lockNumber: z.string(),
  /** How strongly its gateway hears it (RSSI, dBm). */
  rssi: z.number().int().min(-127).max(0),
  /** Whether the fleet should turn remote unlock on through the cloud (door and hotel locks). */
  allowRemoteUnlock: z.boolean(),
  /** The fleet has asked the cloud to turn remote unlock on (it does so once, not on every run). */
  remoteUnlockRequested: z.boolean(),
  lock: lockSnapshotSchema,
});
export type FleetLock = z.infer<typeof fleetLockSchema>;

/** A gateway of the fleet: its registration, its credentials, what it has seen, its locks. */
export const fleetGatewaySchema = z.object({
  /** From /gateway/add; null until the gateway is registered. */
  gatewayId: z.number().int().positive().nullable(),
  /** Its MQTT secret, issued once by /gateway/add. */
  secret: z.string().nullable(),
  mac: z.string(),
  name: z.string(),
  /** GatewayVersion: 1 G1 to 4 G4. */
  version: z.number().int().min(1).max(4),
  networkName: z.string(),
  /** WiFi signal strength (RSSI, dBm). */
  rssi: z.number().int().min(-127).max(0),
  /** The cloud knows which locks it reaches (/gateway/updateLockReach). */
  reachReported: z.boolean(),
  /** The city (GeoNames id) the gateway's network is in; absent: not said. */
  cityId: z.number().int().positive().optional(),
  /** The cloud has been told the city (with /gateway/add or /gateway/setLocation). */
  cityReported: z.boolean().optional(),
  seenCommands: z.array(seenCommandSchema),
  locks: z.array(fleetLockSchema),
});
export type FleetGateway = z.infer<typeof fleetGatewaySchema>;

/** The state file: the whole fleet, so a restart (even after SIGKILL) carries on where it was. */
export const fleetStateSchema = z.object({
  version: z.literal(FLEET_STATE_VERSION),
  /** The API and account the fleet was registered with. */
  api: z.string().optional(),
  account: z.string().optional(),
  gateways: z.array(fleetGatewaySchema),
});
export type FleetState = z.infer<typeof fleetStateSchema>;

export function emptyFleetState(): FleetState {
  return { version: FLEET_STATE_VERSION, gateways: [] };
}

/** A registered gateway: ids and secret known. */
export type RegisteredLock = FleetLock & { lockId: number };
export type RegisteredGateway = Omit<FleetGateway, 'gatewayId' | 'secret' | 'locks'> & {
  gatewayId: number;
  secret: string;
  locks: RegisteredLock[];
};

export function isRegistered(gateway: FleetGateway): gateway is RegisteredGateway {
  return gateway.gatewayId !== null && gateway.secret !== null && gateway.locks.every((lock) => lock.lockId !== null);
}
