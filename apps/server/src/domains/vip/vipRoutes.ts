import { vip } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { VipService } from './vipService';

/** The advanced function calls (docs/payments.md); buying it is an order (/order/create). */
export function vipRoutes(service: VipService): Route[] {
  return [
    route(vip.getInfo, async (_params, ctx) => service.info(requireSession(ctx).userId)),
    route(vip.startTrial, async (_params, ctx) => service.startTrial(requireSession(ctx).userId, ctx.brand)),
  ];
}
