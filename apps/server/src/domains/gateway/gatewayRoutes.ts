import { gateway, gatewayUsername } from '@smartlock/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { gatewayLocks, gateways } from '../../db/schema';
import type { Devices } from '../../devices/deviceService';
import { ApiError } from '../../http/apiError';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { randomToken, sha256 } from '../../security/crypto';
import { deviceIdentity, validatedName } from '../lock/deviceIdentity';
import { placedCityId } from '../map/cityRows';
import type { AccountService } from '../user/accountService';
import { confirmTransfer } from '../user/transferConfirmation';
import type { ValidationCodeService } from '../verification/validationCodeService';
import { gatewayLockList, listGateways, ownedGateway } from './gatewayQueries';
import { replaceReach } from './gatewayReach';

export interface GatewayDeps {
  db: Db;
  devices: Devices;
  accounts: AccountService;
  codes: ValidationCodeService;
}

/** Gateway calls: registration by the app, and the gateway screen (list, locks, rename, delete, transfer). */
export function gatewayRoutes({ db, devices, accounts, codes }: GatewayDeps): Route[] {
  return [
    route(gateway.add, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const { mac, name } = deviceIdentity('gateway', params.gatewayMac, params.gatewayName);
      const secret = randomToken(32);
      const cityId = await placedCityId(db, params.cityId);
      return orConflict(async () => {
        const [created] = await db
          .insert(gateways)
          .values({
            ownerId: owner,
            mac,
            name,
            version: params.gatewayVersion,
            networkName: params.networkName ?? '',
            secretHash: sha256(secret),
            secretSealed: devices.secrets.seal(secret),
            cityId,
          })
          .returning({ id: gateways.id });
        if (!created) throw new Error('gateway insert returned nothing');
        return { gatewayId: created.id, username: gatewayUsername(created.id), secret };
      }, 'gatewayAlreadyAdded');
    }),

    route(gateway.list, async (params, ctx) => listGateways(db, requireSession(ctx).userId, params)),

    route(gateway.listLock, async (params, ctx) => {
      await ownedGateway(db, requireSession(ctx).userId, params.gatewayId);
      return { list: await gatewayLockList(db, params.gatewayId) };
    }),

    route(gateway.updateLockReach, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      await ownedGateway(db, owner, params.gatewayId);
      await db.transaction(async (tx) => {
        const { ignored } = await replaceReach(tx, params.gatewayId, owner, params.locks);
        if (ignored > 0) throw new ApiError('noPermission', {}, 'a lock of another account');
      });
      return {};
    }),

    route(gateway.rename, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const name = validatedName('gateway', params.gatewayName);
      const renamed = await db
        .update(gateways)
        .set({ name })
        .where(and(eq(gateways.id, params.gatewayId), eq(gateways.ownerId, owner)))
        .returning({ id: gateways.id });
      if (renamed.length === 0) throw new ApiError('noPermission', {}, 'not a gateway of this account');
      return {};
    }),

    route(gateway.remove, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      await ownedGateway(db, owner, params.gatewayId);
      await devices.operations.onGatewayOffline(params.gatewayId);
      await db.delete(gateways).where(and(eq(gateways.id, params.gatewayId), eq(gateways.ownerId, owner)));
      devices.secrets.forget(params.gatewayId);
      devices.broker?.disconnect(params.gatewayId);
      return {};
    }),

    route(gateway.transfer, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const mine = await db
        .select({ id: gateways.id })
        .from(gateways)
        .where(and(inArray(gateways.id, params.gatewayIdList), eq(gateways.ownerId, owner)));
      if (mine.length !== params.gatewayIdList.length) throw new ApiError('noPermission', {}, 'gatewayIdList');
      const { receiver, codeId } = await confirmTransfer({ db, accounts, codes }, owner, params);
      await db.transaction(async (tx) => {
        await codes.consume(tx, codeId);
        await tx
          .update(gateways)
          .set({ ownerId: receiver.id })
          .where(and(inArray(gateways.id, params.gatewayIdList), eq(gateways.ownerId, owner)));
        // The locks it reached stay with their owner: the gateway starts with none of them.
        await tx.delete(gatewayLocks).where(inArray(gatewayLocks.gatewayId, params.gatewayIdList));
      });
      return {};
    }),
  ];
}
