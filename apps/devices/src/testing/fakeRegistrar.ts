/** Test support: a cloud registry in memory, which turns remote unlock on through a TestCloud. */
import { randomBytes } from 'node:crypto';
import {
  ALREADY_ADDED,
  type GatewayRegistration,
  type LockInitialized,
  type LockRegistration,
  type Registrar,
} from '../fleet/registrar';
import { freshGatewayId, testSecret } from './testBroker';
import type { TestCloud } from './testCloud';

export class FakeRegistrar implements Registrar {
  /** Every call, in order ("initialize <mac>", "add <mac>", "reach <id>", "city <id>", "remoteUnlock <id>"). */
  readonly calls: string[] = [];
  readonly locks = new Map<string, number>();
  /** Each lock's secret (random, as the cloud issues it), by MAC. */
  readonly lockSecrets = new Map<string, string>();
  readonly gateways = new Map<string, number>();
  readonly reach = new Map<number, ReadonlyArray<{ lockId: number; rssi: number }>>();
  /** Each gateway's city, by gateway id. */
  readonly cities = new Map<number, number>();
  private nextLockId = 1 + Math.floor(Math.random() * 1_000_000);

  constructor(private readonly cloud?: TestCloud) {}

  async knownGateways(): Promise<Set<number>> {
    return new Set(this.gateways.values());
  }

  async initializeLock(lock: LockRegistration): Promise<LockInitialized | typeof ALREADY_ADDED> {
    this.calls.push(`initialize ${lock.mac}`);
    if (this.locks.has(lock.mac)) return ALREADY_ADDED;
    const lockId = this.nextLockId++;
    const lockSecret = randomBytes(16).toString('hex');
    this.locks.set(lock.mac, lockId);
    this.lockSecrets.set(lock.mac, lockSecret);
    return { lockId, lockSecret };
  }

  async addGateway(gateway: GatewayRegistration) {
    this.calls.push(`add ${gateway.mac}`);
    if (this.gateways.has(gateway.mac)) return ALREADY_ADDED;
    const gatewayId = freshGatewayId();
    this.gateways.set(gateway.mac, gatewayId);
    if (gateway.cityId !== undefined) this.cities.set(gatewayId, gateway.cityId);
    return { gatewayId, secret: testSecret(gatewayId) };
  }

  async reportReach(gatewayId: number, locks: ReadonlyArray<{ lockId: number; rssi: number }>): Promise<void> {
    this.calls.push(`reach ${gatewayId}`);
    this.reach.set(gatewayId, locks);
  }

  async setGatewayCity(gatewayId: number, cityId: number): Promise<void> {
    this.calls.push(`city ${gatewayId}`);
    this.cities.set(gatewayId, cityId);
  }

  async allowRemoteUnlock(lockId: number): Promise<boolean> {
    this.calls.push(`remoteUnlock ${lockId}`);
    if (!this.cloud) return true;
    const lockMac = [...this.locks].find(([, id]) => id === lockId)?.[0];
    const gatewayId = [...this.reach].find(([, locks]) => locks.some((l) => l.lockId === lockId))?.[0];
    if (!lockMac || gatewayId === undefined) return false;
    const command = await this.cloud.send(gatewayId, {
      name: 'setSwitch',
      lockMac,
      params: { name: 'remoteUnlock', value: 1 },
    });
    return (await this.cloud.reply(gatewayId, command.id)).message.ok === true;
  }
}

/** A repeatable random source (mulberry32), so two runs plan the same MACs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
