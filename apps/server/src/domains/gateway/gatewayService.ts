import { type gateway, gatewayUsername, type ParsedParamsOf } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import type { Devices } from '../../devices/deviceService';
import { ApiError } from '../../http/apiError';
import { randomToken, sha256 } from '../../security/crypto';
import { deviceIdentity, validatedName } from '../lock/deviceIdentity';
import { placedCityId } from '../map/mapQueries';
import type { AccountService } from '../user/accountService';
import { confirmTransfer, type TransferRequest } from '../user/transferConfirmation';
import type { ValidationCodeService } from '../verification/validationCodeService';
import {
  deleteOwnedGateway,
  gatewayLockList,
  giveGateways,
  insertGateway,
  listGateways,
  ownedGateway,
  ownedGatewayCount,
  renameOwnedGateway,
} from './gatewayQueries';
import { type ReachEntry, replaceReach } from './gatewayReach';

export interface GatewayDeps {
  db: Db;
  devices: Devices;
  accounts: AccountService;
  codes: ValidationCodeService;
}

/** Gateways: registration by the app, and the gateway screen (list, locks, rename, delete, transfer). */
export class GatewayService {
  constructor(private readonly deps: GatewayDeps) {}

  async add(ownerId: number, given: ParsedParamsOf<typeof gateway.add>) {
    const { db, devices } = this.deps;
    const { mac, name } = deviceIdentity('gateway', given.gatewayMac, given.gatewayName);
    const secret = randomToken(32);
    const cityId = await placedCityId(db, given.cityId);
    return orConflict(async () => {
      const gatewayId = await insertGateway(db, {
        ownerId,
        mac,
        name,
        version: given.gatewayVersion,
        networkName: given.networkName ?? '',
        secretHash: sha256(secret),
        secretSealed: devices.secrets.seal(secret),
        cityId,
      });
      return { gatewayId, username: gatewayUsername(gatewayId), secret };
    }, 'gatewayAlreadyAdded');
  }

  list(ownerId: number, query: Parameters<typeof listGateways>[2]) {
    return listGateways(this.deps.db, ownerId, query);
  }

  async lockList(ownerId: number, gatewayId: number) {
    await ownedGateway(this.deps.db, ownerId, gatewayId);
    return { list: await gatewayLockList(this.deps.db, gatewayId) };
  }

  async updateLockReach(ownerId: number, gatewayId: number, entries: ReachEntry[]): Promise<void> {
    const { db } = this.deps;
    await ownedGateway(db, ownerId, gatewayId);
    await db.transaction(async (tx) => {
      const { ignored } = await replaceReach(tx, gatewayId, ownerId, entries);
      if (ignored > 0) throw new ApiError('noPermission', {}, 'a lock of another account');
    });
  }

  async rename(ownerId: number, gatewayId: number, gatewayName: string): Promise<void> {
    const name = validatedName('gateway', gatewayName);
    const renamed = await renameOwnedGateway(this.deps.db, ownerId, gatewayId, name);
    if (!renamed) throw new ApiError('noPermission', {}, 'not a gateway of this account');
  }

  async remove(ownerId: number, gatewayId: number): Promise<void> {
    const { db, devices } = this.deps;
    await ownedGateway(db, ownerId, gatewayId);
    await devices.operations.onGatewayOffline(gatewayId);
    await deleteOwnedGateway(db, ownerId, gatewayId);
    devices.secrets.forget(gatewayId);
    devices.broker?.disconnect(gatewayId);
  }

  async transfer(ownerId: number, gatewayIdList: number[], request: TransferRequest): Promise<void> {
    const { db, codes } = this.deps;
    const mine = await ownedGatewayCount(db, ownerId, gatewayIdList);
    if (mine !== gatewayIdList.length) throw new ApiError('noPermission', {}, 'gatewayIdList');
    const { receiver, codeId } = await confirmTransfer(this.deps, ownerId, request);
    await db.transaction(async (tx) => {
      await codes.consume(tx, codeId);
      await giveGateways(tx, gatewayIdList, ownerId, receiver.id);
    });
  }
}
