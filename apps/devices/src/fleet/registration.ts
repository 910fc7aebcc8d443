import { describeError } from '../errors';
import { lockNumberOf } from './fleetPlan';
import type { FleetGateway, FleetLock, FleetState } from './fleetState';
import { randomMac } from './macAddress';
import { ALREADY_ADDED, type Registrar } from './registrar';

/** How many fresh MACs a device tries when its MAC is "already added". */
const MAC_ATTEMPTS = 5;

/** How many remote-unlock requests run at once. */
const REMOTE_UNLOCK_CONCURRENCY = 16;
/** A gateway just online may not be known online by the cloud yet: ask again a few times. */
const REMOTE_UNLOCK_ATTEMPTS = 6;
const REMOTE_UNLOCK_RETRY_MS = 500;

export interface RegistrationContext {
  registrar: Registrar;
  /** Saves the state (after every step, so a killed run resumes where it was). */
  persist: () => void;
  log: (message: string) => void;
  random: () => number;
}

/**
 * Registers with the cloud what the state does not have yet, as the mobile app does after
 * pairing: each lock (/lock/initialize, whose secret the lock keeps), the gateway (/gateway/add, which issues its secret),
 * then which locks it reaches (/gateway/updateLockReach). A gateway the cloud no longer knows is
 * registered again with its locks; a MAC that is already added gives way to a fresh one.
 */
export async function registerFleet(state: FleetState, context: RegistrationContext): Promise<void> {
  const known = await context.registrar.knownGateways();
  for (const gateway of state.gateways) {
    if (known && gateway.gatewayId !== null && !known.has(gateway.gatewayId)) {
      context.log(`${gateway.name} (gateway ${gateway.gatewayId}) is unknown to the cloud: registering it again`);
      forgetRegistration(gateway);
      context.persist();
    }
    for (const lock of gateway.locks) if (lock.lockId === null) await registerLock(lock, context);
    if (gateway.gatewayId === null || gateway.secret === null) await registerGateway(gateway, context);
    if (!gateway.reachReported) await reportReach(gateway, context);
    if (gateway.cityId !== undefined && !gateway.cityReported) await reportCity(gateway, gateway.cityId, context);
  }
}

/**
 * Once the gateways are online: asks the cloud to turn remote unlock on for the locks that
 * should allow it (a remote operation the gateway runs on the lock). Asked once per lock.
 */
export async function allowRemoteUnlock(state: FleetState, context: RegistrationContext): Promise<void> {
  const wanted = state.gateways
    .flatMap((gateway) => gateway.locks)
    .filter((lock) => lock.allowRemoteUnlock && !lock.remoteUnlockRequested && lock.lockId !== null);
  const next = () => wanted.shift();
  const worker = async () => {
    for (let lock = next(); lock; lock = next()) {
      for (let attempt = 1; attempt <= REMOTE_UNLOCK_ATTEMPTS; attempt++) {
        let why: string;
        try {
          if (await context.registrar.allowRemoteUnlock(lock.lockId as number)) {
            lock.remoteUnlockRequested = true;
            context.persist();
            break;
          }
          why = 'not confirmed by the lock';
        } catch (error) {
          why = describeError(error);
        }
        if (attempt === REMOTE_UNLOCK_ATTEMPTS) {
          context.log(`cannot turn remote unlock on for ${lock.name}: ${why}; will ask again next run`);
        } else {
          await new Promise((resolve) => setTimeout(resolve, REMOTE_UNLOCK_RETRY_MS * attempt));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: REMOTE_UNLOCK_CONCURRENCY }, worker));
}

function forgetRegistration(gateway: FleetGateway): void {
  gateway.gatewayId = null;
  gateway.secret = null;
  gateway.reachReported = false;
  if (gateway.cityId !== undefined) gateway.cityReported = false;
  gateway.seenCommands = [];
  for (const lock of gateway.locks) {
    lock.lockId = null;
    lock.remoteUnlockRequested = false;
  }
}

async function registerLock(entry: FleetLock, context: RegistrationContext): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const result = await context.registrar.initializeLock({
      mac: entry.lock.mac,
      kind: entry.lock.kind,
      lockNumber: entry.lockNumber,
      name: entry.name,
      timezoneRawOffset: entry.lock.timezoneRawOffset,
      battery: Math.round(entry.lock.battery),
    });
    if (result !== ALREADY_ADDED) {
      entry.lockId = result.lockId;
      entry.lock.secret = result.lockSecret;
      context.persist();
      context.log(`lock ${entry.name} (${entry.lock.mac}) registered as ${result.lockId}`);
      return;
    }
    if (attempt >= MAC_ATTEMPTS) throw new Error(`lock ${entry.name}: every MAC tried is already added`);
    const mac = randomMac(context.random);
    context.log(`lock ${entry.lock.mac} is already added: taking ${mac}`);
    entry.lock.mac = mac;
    entry.lockNumber = lockNumberOf(entry.lock.kind, mac);
    context.persist();
  }
}

async function registerGateway(entry: FleetGateway, context: RegistrationContext): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const result = await context.registrar.addGateway({
      mac: entry.mac,
      name: entry.name,
      version: entry.version,
      networkName: entry.networkName,
      ...(entry.cityId !== undefined ? { cityId: entry.cityId } : {}),
    });
    if (result !== ALREADY_ADDED) {
      entry.gatewayId = result.gatewayId;
      entry.secret = result.secret;
      entry.reachReported = false;
      if (entry.cityId !== undefined) entry.cityReported = true;
      entry.seenCommands = [];
      context.persist();
      context.log(`gateway ${entry.name} (${entry.mac}) registered as ${result.gatewayId}`);
      return;
    }
    if (attempt >= MAC_ATTEMPTS) throw new Error(`gateway ${entry.name}: every MAC tried is already added`);
    const mac = randomMac(context.random);
    context.log(`gateway ${entry.mac} is already added: taking ${mac}`);
    entry.mac = mac;
    context.persist();
  }
}

async function reportReach(entry: FleetGateway, context: RegistrationContext): Promise<void> {
  const locks = entry.locks.flatMap((lock) => (lock.lockId === null ? [] : [{ lockId: lock.lockId, rssi: lock.rssi }]));
  try {
    await context.registrar.reportReach(entry.gatewayId as number, locks);
    entry.reachReported = true;
    context.persist();
  } catch (error) {
    context.log(
      `cannot report which locks ${entry.name} reaches (${describeError(error)}); its reach event will tell the cloud`,
    );
  }
}

async function reportCity(entry: FleetGateway, cityId: number, context: RegistrationContext): Promise<void> {
  try {
    await context.registrar.setGatewayCity(entry.gatewayId as number, cityId);
    entry.cityReported = true;
    context.persist();
  } catch (error) {
    context.log(`cannot tell the cloud the city of ${entry.name} (${describeError(error)}); will try again next run`);
  }
}
