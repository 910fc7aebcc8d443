import { gateway, lock, map, PAGE_SIZE, PasscodeVersion, RemoteOperationState } from '@smartlock/contract';
import { describeError } from '../errors';
import { featureValueOfKind, lockModel } from '../lock/lockKind';
import { ApiCallError, type ApiClient } from './apiClient';
import {
  ALREADY_ADDED,
  type GatewayRegistration,
  type LockInitialized,
  type LockRegistration,
  type Registrar,
} from './registrar';

/** How often a remote operation is polled, and for how long at most. */
const OPERATION_POLL_MS = 250;
const OPERATION_WAIT_MS = 30_000;

const OPEN_STATES: ReadonlySet<number> = new Set([RemoteOperationState.operating, RemoteOperationState.wait]);

/** Registers devices through the HTTP API, as the mobile app does after pairing (needs a logged-in client). */
export class HttpRegistrar implements Registrar {
  constructor(
    private readonly api: ApiClient,
    private readonly log: (message: string) => void = () => {},
  ) {}

  async knownGateways(): Promise<Set<number> | undefined> {
    const ids = new Set<number>();
    try {
      for (let pageNo = 1; ; pageNo++) {
        const page = await this.api.call(gateway.list, { pageNo, pageSize: PAGE_SIZE.max });
        for (const item of page.list) ids.add(item.gatewayId);
        if (pageNo >= page.pages) return ids;
      }
    } catch (error) {
      this.log(`cannot list the account's gateways (${describeError(error)}); trusting the state file`);
      return undefined;
    }
  }

  async initializeLock(registration: LockRegistration): Promise<LockInitialized | typeof ALREADY_ADDED> {
    return this.unlessAlreadyAdded('lockAlreadyAdded', async () => {
      const data = await this.api.call(lock.initialize, {
        lockMac: registration.mac,
        lockNumber: registration.lockNumber,
        lockName: registration.name,
        firmware: lockModel(registration.kind).firmware,
        featureValue: featureValueOfKind(registration.kind),
        passcodeVersion: PasscodeVersion.v3,
        timezoneRawOffset: registration.timezoneRawOffset,
        battery: registration.battery,
        autoLockTime: lockModel(registration.kind).autoLockSeconds,
      });
      return { lockId: data.lockId, lockSecret: data.lockSecret };
    });
  }

  async addGateway(registration: GatewayRegistration) {
    return this.unlessAlreadyAdded('gatewayAlreadyAdded', async () => {
      const data = await this.api.call(gateway.add, {
        gatewayMac: registration.mac,
        gatewayName: registration.name,
        gatewayVersion: registration.version,
        networkName: registration.networkName,
        ...(registration.cityId !== undefined ? { cityId: registration.cityId } : {}),
      });
      return { gatewayId: data.gatewayId, secret: data.secret };
    });
  }

  async reportReach(gatewayId: number, locks: ReadonlyArray<{ lockId: number; rssi: number }>): Promise<void> {
    await this.api.call(gateway.updateLockReach, { gatewayId, locks: JSON.stringify(locks) });
  }

  async setGatewayCity(gatewayId: number, cityId: number): Promise<void> {
    await this.api.call(map.setGatewayLocation, { gatewayId, cityId });
  }

  async allowRemoteUnlock(lockId: number): Promise<boolean> {
    let operation = await this.api.call(lock.updateSetting, { lockId, type: 'remoteUnlock', value: 1 });
    const giveUpAt = Date.now() + OPERATION_WAIT_MS;
    while (OPEN_STATES.has(operation.state) && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, OPERATION_POLL_MS));
      operation = await this.api.call(lock.getRemoteOperation, { operationId: operation.operationId });
    }
    return operation.state === RemoteOperationState.success;
  }

  private async unlessAlreadyAdded<T>(
    errorName: 'lockAlreadyAdded' | 'gatewayAlreadyAdded',
    register: () => Promise<T>,
  ): Promise<T | typeof ALREADY_ADDED> {
    try {
      return await register();
    } catch (error) {
      if (error instanceof ApiCallError && error.errorName === errorName) return ALREADY_ADDED;
      throw error;
    }
  }
}
