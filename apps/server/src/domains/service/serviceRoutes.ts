import { service } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { ServiceService } from './serviceService';

/** The value-added services' price list and the caller's balances (docs/payments.md). */
export function serviceRoutes(services: ServiceService): Route[] {
  return [
    route(service.getPriceList, async (_params, ctx) =>
      services.priceList(requireSession(ctx).userId, ctx.brand.hasPaidFeature),
    ),
    route(service.getBalance, async (_params, ctx) => services.balances(requireSession(ctx).userId)),
  ];
}
