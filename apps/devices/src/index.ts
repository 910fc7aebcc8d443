/**
 * The device simulators as a library: locks, gateways and whole fleets, for benchmarks and
 * server tests that want real gateways on the device link in-process (silent unless given
 * `report` or `log`), and the local device driver (card encoder, fingerprint scanners).
 */
export { type Cancel, type Clock, ManualClock, systemClock } from './clock';
export { driverControlSchema, parseDriverControlLine } from './driver/driverControl';
export { ENCODER_ID, SCANNER_A_ID, SCANNER_B_ID } from './driver/driverDevices';
export {
  type DriverControl,
  type DriverLine,
  DriverSimulator,
  type DriverSimulatorOptions,
  SIMULATED_DRIVER_VERSION,
  startDriverSimulator,
} from './driver/driverServer';
export { DEFAULT_ALLOWED_ORIGINS } from './driver/origins';
export { ApiCallError, ApiClient } from './fleet/apiClient';
export {
  applyControl,
  type CheckedControlCommand,
  type ControlCommand,
  type ImmediateControlCommand,
  parseControlLine,
} from './fleet/control';
export { FLEET_DEFAULTS, Fleet, type FleetOptions, startFleet } from './fleet/fleet';
export type { FleetLayout, FleetLine, GatewayStatusLine, LockStatus } from './fleet/fleetLines';
export { extendFleet, type FleetShape, planGateway } from './fleet/fleetPlan';
export {
  emptyFleetState,
  type FleetGateway,
  type FleetLock,
  type FleetState,
  fleetStateSchema,
} from './fleet/fleetState';
export { HttpRegistrar } from './fleet/httpRegistrar';
export { randomMac } from './fleet/macAddress';
export {
  ALREADY_ADDED,
  type GatewayRegistration,
  type LockInitialized,
  type LockRegistration,
  type Registrar,
} from './fleet/registrar';
export { StateFile } from './fleet/stateFile';
export { LOCK_FAULTS, type LockFault } from './gateway/faults';
export {
  DEFAULT_BLUETOOTH_LATENCY_MS,
  Gateway,
  type GatewayCommandReport,
  type GatewayOptions,
  type ReachedLock,
} from './gateway/gateway';
export type { Wifi } from './gateway/gatewaySigner';
export { CREDENTIAL_KINDS, type CredentialKind, type StoredCredential } from './lock/credentials';
export { APP_UNLOCK_REFUSALS, type AppUnlockRefusal } from './lock/eKeys';
export { KEYPAD_REFUSALS, type KeypadRefusal } from './lock/keypad';
export { LOCAL_UNLOCK_METHOD_NAMES, type LocalUnlock, type LocalUnlockMethodName } from './lock/localUnlock';
export {
  type BoltState,
  type KeypadResult,
  type LockEvents,
  MAX_STORED_CREDENTIALS,
  type ParkingPosition,
  SimulatedLock,
} from './lock/lock';
export { featureValueOfKind, isLockKind, LOCK_KINDS, type LockKind, lockModel } from './lock/lockKind';
export { type LockSnapshot, lockSnapshotSchema, newLockSnapshot } from './lock/lockSnapshot';
export type { LockOutcome } from './lock/outcome';
export type { PassagePeriod } from './lock/passageMode';
