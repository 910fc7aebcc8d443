import type { LockFault } from '../gateway/faults';
import type { GatewayCommandReport } from '../gateway/gateway';
import type { BoltState, ParkingPosition } from '../lock/lock';
import type { LockKind } from '../lock/lockKind';

/** The fleet as `ready` shows it: ids and MACs to address gateways and locks by. */
export interface FleetLayout {
  gatewayId: number;
  mac: string;
  locks: Array<{ lockId: number; mac: string; kind: LockKind }>;
}

export interface LockStatus {
  lockId: number;
  mac: string;
  kind: LockKind;
  state: BoltState;
  battery: number;
  driftMs: number;
  fault: LockFault;
  unsentRecords: number;
  remoteUnlock: number;
  parking?: ParkingPosition;
}

export interface GatewayStatusLine {
  gatewayId: number;
  mac: string;
  name: string;
  online: boolean;
  locks: LockStatus[];
}

/** What the fleet prints on stdout, one JSON object per line, for tests to follow. */
export type FleetLine =
  | { event: 'ready'; gateways: FleetLayout[] }
  | { event: 'online' | 'offline'; gatewayId: number }
  | ({ event: 'command' } & GatewayCommandReport)
  | { event: 'bolt'; lockMac: string; state: BoltState }
  | { event: 'parking'; lockMac: string; parking: ParkingPosition }
  | { event: 'clock'; lockMac: string; driftMs: number }
  | { event: 'status'; gateways: GatewayStatusLine[] }
  | { event: 'ack'; do: string; ok: boolean; error?: string };
