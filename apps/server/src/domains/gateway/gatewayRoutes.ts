import { gateway } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { GatewayService } from './gatewayService';

/** Gateway calls: registration by the app, and the gateway screen (list, locks, rename, delete, transfer). */
export function gatewayRoutes(gateways: GatewayService): Route[] {
  return [
    route(gateway.add, async (params, ctx) => gateways.add(requireSession(ctx).userId, params)),

    route(gateway.list, async (params, ctx) => gateways.list(requireSession(ctx).userId, params)),

    route(gateway.listLock, async (params, ctx) => gateways.lockList(requireSession(ctx).userId, params.gatewayId)),

    route(gateway.updateLockReach, async (params, ctx) => {
      await gateways.updateLockReach(requireSession(ctx).userId, params.gatewayId, params.locks);
      return {};
    }),

    route(gateway.rename, async (params, ctx) => {
      await gateways.rename(requireSession(ctx).userId, params.gatewayId, params.gatewayName);
      return {};
    }),

    route(gateway.remove, async (params, ctx) => {
      await gateways.remove(requireSession(ctx).userId, params.gatewayId);
      return {};
    }),

    route(gateway.transfer, async (params, ctx) => {
      await gateways.transfer(requireSession(ctx).userId, params.gatewayIdList, params);
      return {};
    }),
  ];
}
